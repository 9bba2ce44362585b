import { data, Form, Link } from "react-router";
import { AccountPage } from "~/components/account-page";
import type { ToastMessage } from "~/components/toaster";
import { SubmitButton, TextField } from "~/components/ui/form-field";
import { LINK_INVALID_MESSAGE, linkTokenOf, TOO_MANY_ATTEMPTS } from "~/lib/account-messages";
import { formatDateTime } from "~/lib/format-date";
import type { FieldErrors } from "~/lib/schemas";
import { pageMeta } from "~/lib/seo";
import { failureInit, readForm } from "~/server/http/form-door.server";
import { callerOf, depsOf } from "~/server/operation.server";
import { passkeyToRemove, removePasskeyByLink } from "~/server/second-factors/passkey-removal-links.server";
import type { Route } from "./+types/remove-passkey";

// /remove-passkey?token=…: the link in a "passkey added" email (docs/decisions/121-a-passkey-removable-from-its-email.md).
// It names the passkey; only the button (a POST, with the account's password) removes it, so a mail scanner
// that follows the link removes nothing. A plain form, no script.

const INVALID: ToastMessage = {
  title: "Link not valid",
  description: LINK_INVALID_MESSAGE,
  variant: "destructive",
};

interface ActionResult {
  removed: boolean;
  notice: ToastMessage;
  fieldErrors?: FieldErrors;
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Remove a passkey",
    description: "Remove a passkey added to your FACETS account.",
    path: "/remove-passkey",
    origin: matches[0].loaderData.origin,
    noindex: true,
  });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = linkTokenOf(request);
  return { token, passkey: token ? await passkeyToRemove(depsOf(context).db, token) : null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const outcome = await removePasskeyByLink(depsOf(context), callerOf(context, request), form);
  if (outcome.kind === "done") {
    const notice: ToastMessage = {
      title: "Passkey removed",
      description: "The passkey no longer signs in, and your account was signed out everywhere.",
    };
    return data<ActionResult>({ removed: true, notice });
  }
  const fieldErrors = outcome.kind === "invalid" ? outcome.fieldErrors : undefined;
  const notice: ToastMessage =
    outcome.kind === "rate-limited"
      ? TOO_MANY_ATTEMPTS
      : outcome.kind === "unauthenticated" && outcome.message
        ? { title: "Passkey not removed", description: outcome.message, variant: "destructive" }
        : fieldErrors?.password
          ? { title: "Passkey not removed", description: fieldErrors.password, variant: "destructive" }
          : INVALID;
  const passwordError =
    outcome.kind === "unauthenticated" && outcome.message ? outcome.message : fieldErrors?.password;
  return data<ActionResult>(
    { removed: false, notice, fieldErrors: passwordError ? { password: passwordError } : fieldErrors },
    failureInit(outcome),
  );
}

export default function RemovePasskeyPage({ loaderData, actionData }: Route.ComponentProps) {
  const { token, passkey } = loaderData;
  if (actionData?.removed) {
    return (
      <AccountPage
        title="Passkey removed"
        lead="It no longer signs in to your account."
        notice={actionData.notice}
      >
        <p>
          Every session of your account was signed out. If you did not add that passkey, someone knows your
          password or had your session: change your password now.
        </p>
        <p>
          <Link to="/forgot-password" className="font-semibold text-brand underline">
            Choose a new password
          </Link>
        </p>
      </AccountPage>
    );
  }
  return (
    <AccountPage
      title="Remove a passkey"
      lead="A passkey signs in to your account on its own. Remove one you did not add."
      notice={actionData?.notice ?? (passkey ? null : INVALID)}
    >
      {passkey ? (
        <Form method="post" aria-label="Remove this passkey" className="space-y-5">
          <input type="hidden" name="token" value={token} />
          <p>
            <strong>{passkey.name}</strong>
            <span className="block text-sm text-ink-muted">{`Added ${formatDateTime(passkey.createdAt)}`}</span>
          </p>
          <p>
            {passkey.withRecoveryCodes
              ? "This removes the passkey and the recovery codes made with it, and signs your account out everywhere."
              : "This removes the passkey and signs your account out everywhere."}
          </p>
          <TextField
            id="remove-passkey-password"
            name="password"
            type="password"
            label="Your password"
            autoComplete="current-password"
            required
            error={actionData?.fieldErrors?.password}
          />
          <SubmitButton busy={false} busyLabel="Removing...">
            Remove this passkey
          </SubmitButton>
        </Form>
      ) : (
        <p>
          The link may have been used, or more than a day may have passed since the passkey was added. You can
          remove a passkey on your{" "}
          <Link to="/account/security" className="font-semibold text-brand underline">
            Sign-in security page
          </Link>
          .
        </p>
      )}
    </AccountPage>
  );
}
