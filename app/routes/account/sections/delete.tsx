import { Form } from "react-router";
import { AccountSection, DangerButton } from "~/components/account-sections";
import { ConfirmationCodeField } from "~/components/confirm-its-you-form";
import { StaticNotice } from "~/components/static-notice";
import { TextField } from "~/components/ui/form-field";
import { answerFor, type HolderSectionProps } from "~/lib/account-section-answer";
import type { IntentName } from "~/lib/page-intents";
import { DELETE_WORD } from "~/lib/schemas";
import type { intents } from "./delete.server";

// /account's Delete account section: its form; the handler of the intent it posts is beside it, in
// delete.server.ts.

export function DeleteSection({ email, withCode, result }: HolderSectionProps & { email: string }) {
  const { mine, errors } = answerFor(result, "delete");
  return (
    <AccountSection id="delete" title="Delete account">
      <StaticNotice message={mine?.notice ?? null} />
      <p>Deleting your account removes at once, for good:</p>
      <ul className="list-disc space-y-1 pl-6">
        <li>your account and profile;</li>
        <li>every session, which signs you out everywhere;</li>
        <li>your links and any email still waiting to be sent to you;</li>
        <li>every contact message sent from {email}.</li>
      </ul>
      <p>
        We keep only the record of your account's events (sign-ins and changes, by account number, never your
        address) for a year, as our security log. We email you to confirm the deletion.
      </p>
      <Form method="post" className="space-y-5" aria-label="Delete account">
        <input type="hidden" name="intent" value={"delete" satisfies IntentName<typeof intents>} />
        <TextField
          id="delete-password"
          name="password"
          type="password"
          label="Current password"
          autoComplete="current-password"
          required
          error={errors.password}
        />
        <ConfirmationCodeField show={withCode} idPrefix="delete" error={errors.code} />
        <TextField
          id="delete-confirm"
          name="confirm"
          label={`Type ${DELETE_WORD} to confirm`}
          autoComplete="off"
          required
          error={errors.confirm}
        />
        <DangerButton>Delete my account</DangerButton>
      </Form>
    </AccountSection>
  );
}
