import { Form } from "react-router";
import { AccountSection, QuietButton } from "~/components/account-sections";
import type { IntentName } from "~/lib/page-intents";
import type { intents } from "./recovery-codes.server";

// /account/security's Recovery codes section: its form; the handler of the intent it posts is beside it, in
// recovery-codes.server.ts.

export function RecoveryCodesSection({ hasFactor, left }: { hasFactor: boolean; left: number }) {
  return (
    <AccountSection id="recovery" title="Recovery codes">
      {hasFactor ? (
        <>
          <p>
            {left === 1 ? "1 recovery code left." : `${left} recovery codes left.`} Each signs you in once if
            you lose your app or passkeys.
          </p>
          <Form method="post" aria-label="Make new recovery codes">
            <input
              type="hidden"
              name="intent"
              value={"recovery-codes" satisfies IntentName<typeof intents>}
            />
            <QuietButton>Make new recovery codes</QuietButton>
          </Form>
        </>
      ) : (
        <p>You get ten recovery codes when you set up your first second factor.</p>
      )}
    </AccountSection>
  );
}
