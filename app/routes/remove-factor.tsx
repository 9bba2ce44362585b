import { Form, Link } from "react-router";
import { AccountPage } from "~/components/account-page";
import type { ToastMessage } from "~/components/toaster";
import { SubmitButton, TextField } from "~/components/ui/form-field";
import { LINK_INVALID_MESSAGE, linkTokenOf } from "~/lib/account-messages";
import { formatDateTime } from "~/lib/format-date";
import type { FieldErrors } from "~/lib/schemas";
import { pageMeta } from "~/lib/seo";
import { itsMessage } from "~/server/http/outcome-notices.server";
import { formAction } from "~/server/http/page-door.server";
import { depsOf } from "~/server/operation.server";
import {
  factorToRemove,
  type RemovableFactor,
  removeFactorByLink,
} from "~/server/second-factors/factor-removal-links.server";
import type { Route } from "./+types/remove-factor";

// /remove-factor?token=…: the link in a "passkey added" or "authenticator app turned on" email
// (docs/decisions/121 and 141-an-authenticator-app-removable-from-its-email.md; /remove-passkey is the same
// page). It names the factor; only the button (a POST, with the account's password) removes it, so a mail
// scanner that follows the link removes nothing. A plain form, no script.

const INVALID: ToastMessage = {
  title: "Link not valid",
  description: LINK_INVALID_MESSAGE,
  variant: "destructive",
};

const NAMES: Record<RemovableFactor, { one: string; title: string }> = {
  passkey: { one: "passkey", title: "Passkey" },
  totp: { one: "authenticator app", title: "Authenticator app" },
};

interface ActionResult {
  removed: RemovableFactor | null;
  notice: ToastMessage;
  fieldErrors?: FieldErrors;
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Remove a second factor",
    description: "Remove a passkey or an authenticator app added to your FACETS account.",
    path: "/remove-factor",
    origin: matches[0].loaderData.origin,
    noindex: true,
  });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = linkTokenOf(request);
  return { token, factor: token ? await factorToRemove(depsOf(context).db, token) : null };
}

const NOT_REMOVED = "Nothing removed";

export const action = formAction<ActionResult, { factor: RemovableFactor }>({
  page: "/remove-factor",
  run: ({ deps, caller, form }) => removeFactorByLink(deps, caller, form),
  done: ({ factor }) => ({
    removed: factor,
    notice: {
      title: `${NAMES[factor].title} removed`,
      description: `The ${NAMES[factor].one} no longer signs in, and your account was signed out everywhere.`,
    },
  }),
  says: {
    unauthenticated: itsMessage(NOT_REMOVED),
    invalid: ({ fieldErrors }) => itsMessage(NOT_REMOVED)({ message: fieldErrors.password }),
    otherwise: INVALID,
  },
  failed: ({ outcome, notice, fieldErrors }) => {
    // A wrong password is the account's refusal; it is shown at the field, as a refused input is.
    const passwordError =
      outcome.kind === "unauthenticated" && outcome.message ? outcome.message : fieldErrors?.password;
    return { removed: null, notice, fieldErrors: passwordError ? { password: passwordError } : fieldErrors };
  },
});

export default function RemoveFactorPage({ loaderData, actionData }: Route.ComponentProps) {
  const { token, factor } = loaderData;
  if (actionData?.removed) {
    const { one, title } = NAMES[actionData.removed];
    return (
      <AccountPage
        title={`${title} removed`}
        lead="It no longer signs in to your account."
        notice={actionData.notice}
      >
        <p>
          {`Every session of your account was signed out. If you did not add that ${one}, someone knows your password or had your session: change your password now.`}
        </p>
        <p>
          <Link to="/forgot-password" className="font-semibold text-brand underline">
            Choose a new password
          </Link>
        </p>
      </AccountPage>
    );
  }
  const names = factor ? NAMES[factor.factor] : null;
  return (
    <AccountPage
      title={
        factor
          ? factor.factor === "totp"
            ? "Remove an authenticator app"
            : "Remove a passkey"
          : "Remove a second factor"
      }
      lead={
        factor?.factor === "totp"
          ? "An authenticator app's codes sign in to your account with your password. Remove one you did not add."
          : factor
            ? "A passkey signs in to your account on its own. Remove one you did not add."
            : "A passkey or an authenticator app signs in to your account. Remove one you did not add."
      }
      notice={actionData?.notice ?? (factor ? null : INVALID)}
    >
      {factor && names ? (
        <Form method="post" aria-label={`Remove this ${names.one}`} className="space-y-5">
          <input type="hidden" name="token" value={token} />
          <p>
            <strong>{factor.name ?? names.title}</strong>
            <span className="block text-sm text-ink-muted">{`${factor.factor === "totp" ? "Turned on" : "Added"} ${formatDateTime(factor.addedAt)}`}</span>
          </p>
          <p>
            {factor.withRecoveryCodes
              ? `This removes the ${names.one} and the recovery codes made with it, and signs your account out everywhere.`
              : `This removes the ${names.one} and signs your account out everywhere.`}
          </p>
          <TextField
            id="remove-factor-password"
            name="password"
            type="password"
            label="Your password"
            autoComplete="current-password"
            required
            error={actionData?.fieldErrors?.password}
          />
          <SubmitButton busy={false} busyLabel="Removing...">
            {`Remove this ${names.one}`}
          </SubmitButton>
        </Form>
      ) : (
        <p>
          The link may have been used, or more than a day may have passed since it was sent. You can remove a
          passkey or an authenticator app on your{" "}
          <Link to="/account/security" className="font-semibold text-brand underline">
            Sign-in security page
          </Link>
          .
        </p>
      )}
    </AccountPage>
  );
}
