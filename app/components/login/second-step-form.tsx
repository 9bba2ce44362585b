import type { FormEvent } from "react";
import { SubmitButton, TextField } from "~/components/ui/form-field";
import type { LoginIntent } from "~/lib/page-intents";
import type { SendForm } from "./login-result";

/** The second step of a sign-in (intent `second-factor`): a code from the authenticator app, or a recovery code. */
export function SecondStepForm({
  ticket,
  busy,
  onSend,
}: {
  ticket: string;
  busy: boolean;
  onSend?: SendForm | undefined;
}) {
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (!onSend) return;
    event.preventDefault();
    onSend(event.currentTarget, (event.nativeEvent as SubmitEvent).submitter);
  }
  return (
    <form method="post" onSubmit={onSubmit} className="space-y-5" aria-label="Second step">
      <input type="hidden" name="intent" value={"second-factor" satisfies LoginIntent} />
      <input type="hidden" name="ticket" value={ticket} />
      <p>Your password is right. This account also has a second factor.</p>
      <TextField
        id="login-code"
        name="code"
        label="The code from your authenticator app or a recovery code"
        autoComplete="one-time-code"
        inputMode="text"
        autoCapitalize="none"
        spellCheck={false}
        required
        autoFocus
      />
      <SubmitButton busy={busy} busyLabel="Checking...">
        Verify
      </SubmitButton>
      <p className="text-sm text-ink-muted">
        No code?{" "}
        <a href="/login" className="font-semibold text-brand underline">
          Start again
        </a>
        , or ask an administrator to reset your second factors.
      </p>
    </form>
  );
}
