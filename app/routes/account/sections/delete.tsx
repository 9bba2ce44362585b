import { Form, redirect } from "react-router";
import { AccountSection, DangerButton } from "~/components/account-sections";
import { ConfirmationCodeField } from "~/components/confirm-its-you-form";
import { StaticNotice } from "~/components/toaster";
import { TextField } from "~/components/ui/form-field";
import { DELETE_WORD } from "~/lib/schemas";
import { deleteMyAccount } from "~/server/account/my-account.server";
import { clearSessionCookie, flashCookie } from "~/server/http/cookies.server";
import { type ActionResult, answer, type IntentHandlers, wrongPasswordOr } from "./overview-answers";

// /account's Delete account section: its form, and the handler of the intent it posts.

export const intents: IntentHandlers = {
  delete: async ({ request, deps, caller, form }) => {
    const outcome = await deleteMyAccount(deps, caller, form);
    if (outcome.kind === "done") {
      const headers = new Headers();
      headers.append("Set-Cookie", clearSessionCookie(request));
      headers.append(
        "Set-Cookie",
        flashCookie(request, {
          title: "Account deleted",
          description: "Your account and everything sent from its address were deleted.",
        }),
      );
      throw redirect("/", { headers });
    }
    if (outcome.kind === "conflict") {
      return answer(
        {
          section: "delete",
          notice: { title: "Not deleted", description: outcome.message, variant: "destructive" },
        },
        { status: 409 },
      );
    }
    return wrongPasswordOr("delete", outcome, "password");
  },
};

export function DeleteSection({
  email,
  withCode,
  result,
}: {
  email: string;
  withCode: boolean;
  result: ActionResult | undefined;
}) {
  const mine = result?.section === "delete" ? result : undefined;
  const errors = mine?.fieldErrors ?? {};
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
        <input type="hidden" name="intent" value="delete" />
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
