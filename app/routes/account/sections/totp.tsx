import { Form } from "react-router";
import { AccountSection, DangerButton, QuietButton, SaveButton } from "~/components/account-sections";
import { TextField } from "~/components/ui/form-field";
import type { IntentName } from "~/lib/page-intents";
import type { FieldErrors } from "~/lib/schemas";
import type { TotpEnrolment } from "~/lib/second-factor-views";
import type { intents } from "./totp.server";

// /account/security's Authenticator app section: its forms (the handlers of the intents they post are beside
// it, in totp.server.ts). The QR code is drawn on the server; a pending app's QR code and key are shown only
// to a sign-in of the last 10 minutes ("totp-show" asks first).

function Enrolment({ enrolment, fieldErrors }: { enrolment: TotpEnrolment; fieldErrors: FieldErrors }) {
  return (
    <div className="space-y-5">
      <p>
        Scan this code with your authenticator app (1Password, Google Authenticator, Microsoft Authenticator
        and others), or type the key below into it. Then give the six-digit code the app shows.
      </p>
      <figure className="w-56 rounded-lg border border-line bg-white p-2">
        {/* Drawn on the server by uqr from our own data: no user text reaches it. */}
        <div
          role="img"
          aria-label="QR code of the authenticator app's key"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: an SVG rendered on the server from the key URI
          dangerouslySetInnerHTML={{ __html: enrolment.qrSvg }}
        />
      </figure>
      <p>
        Key:{" "}
        <code className="break-all font-mono text-sm">
          {enrolment.secret.replace(/(.{4})/g, "$1 ").trim()}
        </code>
      </p>
      <Form method="post" className="space-y-5" aria-label="Confirm the authenticator app">
        <input type="hidden" name="intent" value={"totp-confirm" satisfies IntentName<typeof intents>} />
        <TextField
          id="totp-code"
          name="code"
          label="Six-digit code from the app"
          inputMode="numeric"
          autoComplete="one-time-code"
          required
          error={fieldErrors.code}
        />
        <SaveButton>Turn on</SaveButton>
      </Form>
    </div>
  );
}

export function TotpSection({
  on,
  enrolment,
  fieldErrors,
  needsLink,
  pending,
}: {
  on: boolean;
  enrolment: TotpEnrolment | null | undefined;
  fieldErrors: FieldErrors;
  needsLink: boolean;
  pending: boolean;
}) {
  return (
    <AccountSection id="totp" title="Authenticator app">
      {on ? (
        <>
          <p>
            <strong>On.</strong> Sign-ins ask for a code from your app.
          </p>
          <Form method="post" aria-label="Remove the authenticator app">
            <input type="hidden" name="intent" value={"totp-remove" satisfies IntentName<typeof intents>} />
            <DangerButton>Remove the authenticator app</DangerButton>
          </Form>
        </>
      ) : enrolment ? (
        <Enrolment enrolment={enrolment} fieldErrors={fieldErrors} />
      ) : needsLink ? (
        <p>Off. Open the link we emailed you first (above).</p>
      ) : pending ? (
        <>
          <p>
            Setting up an authenticator app is waiting for a code from it. Its QR code and key are shown again
            once you confirm it's you.
          </p>
          <div className="flex flex-wrap gap-3">
            <Form method="post" aria-label="Show the authenticator app's key">
              <input type="hidden" name="intent" value={"totp-show" satisfies IntentName<typeof intents>} />
              <SaveButton>Show the QR code and key</SaveButton>
            </Form>
            <Form method="post" aria-label="Set up an authenticator app">
              <input type="hidden" name="intent" value={"totp-start" satisfies IntentName<typeof intents>} />
              <QuietButton>Start again with a new key</QuietButton>
            </Form>
          </div>
        </>
      ) : (
        <>
          <p>Off. An app on your phone gives a new six-digit code every 30 seconds.</p>
          <Form method="post" aria-label="Set up an authenticator app">
            <input type="hidden" name="intent" value={"totp-start" satisfies IntentName<typeof intents>} />
            <SaveButton>Set up an authenticator app</SaveButton>
          </Form>
        </>
      )}
    </AccountSection>
  );
}
