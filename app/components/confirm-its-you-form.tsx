import type { ReactNode } from "react";
import { Form } from "react-router";
import { CONFIRM_ITS_YOU_MESSAGE } from "~/lib/account-messages";
import type { ConfirmingIntent } from "~/lib/page-intents";
import type { FieldErrors } from "~/lib/schemas";
import { SaveButton } from "./account-sections";
import { TextField } from "./ui/form-field";

/**
 * "Confirm it's you": the password, and a code when the account has a second factor. It names the action
 * that waits (`description`, as the server stored it) and posts only that action's reference: the page's
 * action runs what the server stored for this session under it, nothing the form says.
 */
export function ConfirmItsYouForm({
  reference,
  description,
  withCode,
  fieldErrors = {},
  action,
  children,
}: {
  reference: string;
  description: string;
  withCode: boolean;
  fieldErrors?: FieldErrors;
  /** Where to post, when not this page. */
  action?: string;
  /** Another way to confirm, below the form (a passkey button). */
  children?: ReactNode;
}) {
  return (
    <section
      aria-labelledby="confirm-title"
      className="rounded-2xl border-2 border-brand p-6 shadow-sm sm:p-8"
    >
      <h2 id="confirm-title" className="text-xl font-bold">
        {CONFIRM_ITS_YOU_MESSAGE}
      </h2>
      <p className="mt-2 text-lg font-semibold" id="confirm-what">
        {description}
      </p>
      <p className="mt-2">
        This needs a sign-in within the last 10 minutes. Give your password
        {withCode ? " and a code from your authenticator app (or a recovery code)" : ""}, and it goes on.
      </p>
      <Form
        method="post"
        action={action}
        className="mt-4 space-y-5"
        aria-label={CONFIRM_ITS_YOU_MESSAGE}
        aria-describedby="confirm-what"
      >
        <input type="hidden" name="intent" value={"confirm-its-you" satisfies ConfirmingIntent} />
        <input type="hidden" name="ref" value={reference} />
        <TextField
          id="confirm-password"
          name="password"
          type="password"
          label="Password"
          autoComplete="current-password"
          required
          error={fieldErrors.password}
        />
        {withCode ? (
          <TextField
            id="confirm-code"
            name="code"
            label="The code from your authenticator app or a recovery code"
            autoComplete="one-time-code"
            autoCapitalize="none"
            spellCheck={false}
            required
            error={fieldErrors.code}
          />
        ) : null}
        <SaveButton>Confirm and continue</SaveButton>
      </Form>
      {children ? <div className="mt-4">{children}</div> : null}
    </section>
  );
}

/**
 * The other way a change asks "Confirm it's you": inline, as a field of the change's own form (the changes of
 * /account). Shown when the person has a second factor; needed when they signed in more than 10 minutes ago.
 */
export function ConfirmationCodeField({
  show,
  idPrefix,
  error,
}: {
  show: boolean;
  idPrefix: string;
  error?: string;
}) {
  if (!show) return null;
  return (
    <TextField
      id={`${idPrefix}-code`}
      name="code"
      label="Code from your authenticator app or a recovery code"
      hint="Needed when you signed in more than 10 minutes ago."
      autoComplete="one-time-code"
      autoCapitalize="none"
      spellCheck={false}
      error={error}
    />
  );
}
