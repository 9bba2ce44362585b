import { Form, redirect } from "react-router";
import { AccountSection, SaveButton } from "~/components/account-sections";
import { ConfirmationCodeField } from "~/components/confirm-its-you-form";
import { NewPasswordFields } from "~/components/person-fields";
import { StaticNotice } from "~/components/toaster";
import { TextField } from "~/components/ui/form-field";
import { changePassword } from "~/server/account/my-account.server";
import { flashCookie, sessionCookie } from "~/server/http/cookies.server";
import { type ActionResult, type IntentHandlers, wrongPasswordOr } from "./overview-answers";

// /account's Password section: its form, and the handler of the intent it posts.

export const intents: IntentHandlers = {
  password: async ({ request, deps, caller, form }) => {
    const outcome = await changePassword(deps, caller, form);
    if (outcome.kind === "done") {
      // The new session cookie goes out with a redirect (a page's action data carries no headers), and
      // the notice with it, as a flash.
      const headers = new Headers();
      headers.append("Set-Cookie", sessionCookie(request, outcome.value.token));
      headers.append(
        "Set-Cookie",
        flashCookie(request, {
          title: "Password changed",
          description: "Your password was changed and every other session was signed out.",
        }),
      );
      return redirect("/account", { headers });
    }
    return wrongPasswordOr("password", outcome, "currentPassword");
  },
};

export function PasswordSection({
  withCode,
  result,
}: {
  withCode: boolean;
  result: ActionResult | undefined;
}) {
  const mine = result?.section === "password" ? result : undefined;
  const errors = mine?.fieldErrors ?? {};
  return (
    <AccountSection id="password" title="Password">
      <StaticNotice message={mine?.notice ?? null} />
      <p>Changing your password signs out every other session of your account.</p>
      <Form method="post" className="space-y-5" aria-label="Change password">
        <input type="hidden" name="intent" value="password" />
        <TextField
          id="password-current"
          name="currentPassword"
          type="password"
          label="Current password"
          autoComplete="current-password"
          required
          error={errors.currentPassword}
        />
        <ConfirmationCodeField show={withCode} idPrefix="password" error={errors.code} />
        <NewPasswordFields idPrefix="password-new" errors={errors} label="New password" />
        <SaveButton>Change password</SaveButton>
      </Form>
    </AccountSection>
  );
}
