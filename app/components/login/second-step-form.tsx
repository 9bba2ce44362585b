import { Form, Link } from "react-router";
import { SubmitButton, TextField } from "~/components/ui/form-field";

/** The second step of a sign-in (intent `second-factor`): a code from the authenticator app, or a recovery code. */
export function SecondStepForm({ ticket, busy }: { ticket: string; busy: boolean }) {
  return (
    <Form method="post" className="space-y-5" aria-label="Second step">
      <input type="hidden" name="intent" value="second-factor" />
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
        <Link to="/login" reloadDocument className="font-semibold text-brand underline">
          Start again
        </Link>
        , or ask an administrator to reset your second factors.
      </p>
    </Form>
  );
}
