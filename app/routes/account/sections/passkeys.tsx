import { Form } from "react-router";
import { AccountSection, QuietButton } from "~/components/account-sections";
import { AddPasskeyForm } from "~/components/passkey-buttons";
import { formatDateTime } from "~/lib/format-date";
import type { IntentName } from "~/lib/page-intents";
import type { PasskeySummary } from "~/lib/second-factor-views";
import type { intents } from "./passkeys.server";

// /account/security's Passkeys section: the list with its buttons (the handlers of the intents they post are
// beside it, in passkeys.server.ts; adding one goes over the API from the hydrated "Add a passkey" button).

export function PasskeysSection({
  passkeys,
  needsLink,
  onRecoveryCodes,
}: {
  passkeys: PasskeySummary[];
  needsLink: boolean;
  onRecoveryCodes: (codes: string[]) => void;
}) {
  return (
    <AccountSection id="passkeys" title="Passkeys">
      <p>
        A passkey signs you in with your device's screen lock or security key, with no password and no code,
        and cannot be phished.
      </p>
      {passkeys.length > 0 ? (
        <ul className="divide-y divide-line" aria-label="Your passkeys">
          {passkeys.map((key) => (
            <li key={key.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <span>
                <strong>{key.name}</strong>
                <span className="block text-sm text-ink-muted">
                  Added {formatDateTime(key.createdAt)}
                  {key.lastUsedAt ? `, last used ${formatDateTime(key.lastUsedAt)}` : ", not used yet"}
                </span>
              </span>
              <Form method="post" aria-label={`Remove the passkey ${key.name}`}>
                <input
                  type="hidden"
                  name="intent"
                  value={"passkey-remove" satisfies IntentName<typeof intents>}
                />
                <input type="hidden" name="id" value={key.id} />
                <QuietButton>Remove</QuietButton>
              </Form>
            </li>
          ))}
        </ul>
      ) : (
        <p>No passkeys yet.</p>
      )}
      {needsLink ? null : <AddPasskeyForm onRecoveryCodes={onRecoveryCodes} />}
    </AccountSection>
  );
}
