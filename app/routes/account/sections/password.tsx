import { Form } from "react-router";
import { AccountSection, SaveButton } from "~/components/account-sections";
import { ConfirmationCodeField } from "~/components/confirm-its-you-form";
import { NewPasswordFields } from "~/components/person-fields";
import { StaticNotice } from "~/components/static-notice";
import { TextField } from "~/components/ui/form-field";
import { answerFor, type HolderSectionProps } from "~/lib/account-section-answer";
import type { IntentName } from "~/lib/page-intents";
import type { intents } from "./password.server";

// /account's Password section: its form; the handler of the intent it posts is beside it, in
// password.server.ts.

export function PasswordSection({ withCode, result }: HolderSectionProps) {
  const { mine, errors } = answerFor(result, "password");
  return (
    <AccountSection id="password" title="Password">
      <StaticNotice message={mine?.notice ?? null} />
      <p>Changing your password signs out every other session of your account.</p>
      <Form method="post" className="space-y-5" aria-label="Change password">
        <input type="hidden" name="intent" value={"password" satisfies IntentName<typeof intents>} />
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
