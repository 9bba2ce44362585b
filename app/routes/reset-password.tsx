import { Form, Link, redirect } from "react-router";
import { AccountPage } from "~/components/account-page";
import { NewPasswordFields } from "~/components/person-fields";
import type { ToastMessage } from "~/components/toaster";
import { SubmitButton } from "~/components/ui/form-field";
import { LINK_INVALID_MESSAGE, linkTokenOf, PASSKEYS_MUST_STAY } from "~/lib/account-messages";
import { formatDateTime } from "~/lib/format-date";
import type { FieldErrors } from "~/lib/schemas";
import { pageMeta } from "~/lib/seo";
import { flashCookie } from "~/server/http/cookies.server";
import { errorNotice } from "~/server/http/outcome-notices.server";
import { formAction } from "~/server/http/page-door.server";
import { depsOf } from "~/server/operation.server";
import { type PasskeysAtReset, passkeysAtReset } from "~/server/second-factors/passkeys-at-reset.server";
import { resetPassword } from "~/server/sign-in/password-reset.server";
import type { Route } from "./+types/reset-password";

// /reset-password?token=…: the emailed link's page. The new password, and, when the account has passkeys,
// whether to keep them (listed, so a passkey someone else added can be seen). When they are the account's
// only second factor there is no choice: they stay, and the page says why. A plain form, no script.

interface ActionResult {
  notice: ToastMessage;
  fieldErrors?: FieldErrors;
  /** The "keep" box as it was posted, so a refused form comes back as the person left it. */
  keepPasskeys: boolean;
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Choose a new password",
    description: "Choose a new password for your FACETS account.",
    path: "/reset-password",
    origin: matches[0].loaderData.origin,
    noindex: true,
  });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = linkTokenOf(request);
  return { token, ...(await passkeysAtReset(depsOf(context), token)) };
}

export const action = formAction<ActionResult, { passkeysRemoved: boolean }>({
  page: "/reset-password",
  run: ({ deps, caller, form }) => resetPassword(deps, caller, form),
  done: ({ passkeysRemoved }, { request }) => {
    const changed = {
      title: "Password changed",
      description: passkeysRemoved
        ? "Please log in with your new password. Your passkeys were removed."
        : "Please log in with your new password.",
    };
    return redirect("/login", { headers: { "Set-Cookie": flashCookie(request, changed) } });
  },
  keep: ({ keepPasskeys }) => ({ keepPasskeys: keepPasskeys ?? "" }),
  failed: ({ outcome, notice, fieldErrors, values }) => {
    const linkBroken = fieldErrors?.token !== undefined;
    const otherwise = linkBroken
      ? errorNotice(LINK_INVALID_MESSAGE, "Link not valid")
      : errorNotice(fieldErrors?.keepPasskeys ?? "Please check the new password.");
    return {
      // The page's own words for every refusal but "too many attempts", which reads the same everywhere.
      notice: outcome.kind === "rate-limited" ? notice : otherwise,
      fieldErrors,
      keepPasskeys: values?.keepPasskeys === "true",
    };
  },
});

/**
 * The account's passkeys, and the choice to keep them (unticked: removed with the old password), or, when
 * they are the only second factor, why they stay.
 */
function PasskeyChoice({
  passkeys,
  mustKeep,
  keep,
  error,
}: PasskeysAtReset & { keep: boolean; error: string | undefined }) {
  return (
    <fieldset
      className="space-y-3 rounded-xl border border-line p-4"
      aria-describedby={error ? "keep-passkeys-error" : undefined}
    >
      <legend className="px-1 font-semibold">Your passkeys</legend>
      <p>
        A passkey signs in to your account on its own, with no password.
        {mustKeep ? null : " If you do not know one of these, do not keep them."}
      </p>
      <ul aria-label="Passkeys of this account" className="divide-y divide-line">
        {passkeys.map((key) => (
          <li key={key.id} className="py-2">
            <strong>{key.name}</strong>
            <span className="block text-sm text-ink-muted">
              {`Added ${formatDateTime(key.createdAt)}, ${key.lastUsedAt ? `last used ${formatDateTime(key.lastUsedAt)}` : "not used yet"}`}
            </span>
          </li>
        ))}
      </ul>
      {mustKeep ? (
        <>
          <input type="hidden" name="keepPasskeys" value="true" />
          <p>{PASSKEYS_MUST_STAY}</p>
        </>
      ) : (
        <div>
          <label htmlFor="keep-passkeys" className="flex items-start gap-3">
            <input
              id="keep-passkeys"
              type="checkbox"
              name="keepPasskeys"
              value="true"
              defaultChecked={keep}
              aria-describedby="keep-passkeys-hint"
              className="mt-1 size-5 accent-brand"
            />
            <span className="font-medium">Keep these passkeys</span>
          </label>
          <p id="keep-passkeys-hint" className="mt-1 text-sm text-ink-muted">
            Left unticked, they are removed when you save the new password. You can add a passkey again on
            your Sign-in security page.
          </p>
        </div>
      )}
      {error ? (
        <p id="keep-passkeys-error" className="text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

export default function ResetPasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  const errors = actionData?.fieldErrors ?? {};
  return (
    <AccountPage
      title="Choose a new password"
      lead="Your new password replaces the old one, and signs you out everywhere."
      notice={actionData?.notice}
    >
      <Form method="post" aria-label="Choose a new password" className="space-y-5">
        <input type="hidden" name="token" value={loaderData.token} />
        <NewPasswordFields idPrefix="reset" errors={errors} label="New password" />
        {loaderData.passkeys.length > 0 ? (
          <PasskeyChoice
            passkeys={loaderData.passkeys}
            mustKeep={loaderData.mustKeep}
            keep={actionData?.keepPasskeys ?? false}
            error={errors.keepPasskeys}
          />
        ) : null}
        <div className="flex flex-wrap items-center justify-between gap-4">
          <SubmitButton busy={false} busyLabel="Saving...">
            Save the new password
          </SubmitButton>
          <Link to="/forgot-password" className="font-semibold text-brand underline">
            Ask for a new link
          </Link>
        </div>
      </Form>
    </AccountPage>
  );
}
