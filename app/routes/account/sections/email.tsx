import { Form } from "react-router";
import { AccountSection, SaveButton } from "~/components/account-sections";
import { ConfirmationCodeField } from "~/components/confirm-its-you-form";
import { StaticNotice } from "~/components/static-notice";
import { TextField } from "~/components/ui/form-field";
import { answerFor, type HolderSectionProps } from "~/lib/account-section-answer";
import type { IntentName } from "~/lib/page-intents";
import type { intents } from "./email.server";

// /account's Email address section: its form; the handler of the intent it posts is beside it, in
// email.server.ts.

export function EmailSection({ email, withCode, result }: HolderSectionProps & { email: string }) {
  const { mine, errors } = answerFor(result, "email");
  return (
    <AccountSection id="email" title="Email address">
      <StaticNotice message={mine?.notice ?? null} />
      <p>
        Your account uses <strong>{email}</strong>. To move it, give the new address and your password: we
        send a link to the new address, and the address changes when you open it.
      </p>
      <Form method="post" className="space-y-5" aria-label="Change email address">
        <input type="hidden" name="intent" value={"email" satisfies IntentName<typeof intents>} />
        <TextField
          id="email-new"
          name="email"
          type="email"
          label="New email address"
          autoComplete="email"
          required
          defaultValue={mine?.values?.email}
          error={errors.email}
        />
        <TextField
          id="email-password"
          name="password"
          type="password"
          label="Current password"
          autoComplete="current-password"
          required
          error={errors.password}
        />
        <ConfirmationCodeField show={withCode} idPrefix="email" error={errors.code} />
        <SaveButton>Send the link</SaveButton>
      </Form>
    </AccountSection>
  );
}
