import { Island } from "~/components/island";
import { PasskeySignInButton } from "~/components/passkey-sign-in-button";
import { SubmitButton, TextField } from "~/components/ui/form-field";
import type { LoginIntent } from "~/lib/page-intents";
import { useFormValidation } from "~/lib/use-form-validation";
import type { LoginActionResult, SendForm } from "./login-result";

const loadLoginSchema = () => import("~/lib/schemas/login").then((module) => module.loginSchema);

/** The Login tab's form: email and password (intent `login`), or a passkey (an island of its own). */
export function LoginForm({
  result,
  busy,
  next,
  onSend,
}: {
  result: LoginActionResult | undefined;
  busy: boolean;
  next: string | null;
  onSend?: SendForm | undefined;
}) {
  const { errors, formProps } = useFormValidation(loadLoginSchema, result?.fieldErrors, onSend);
  return (
    <form method="post" {...formProps} className="space-y-5" aria-label="Login">
      <input type="hidden" name="intent" value={"login" satisfies LoginIntent} />
      {next ? <input type="hidden" name="next" value={next} /> : null}
      <TextField
        id="login-email"
        name="email"
        type="email"
        label="Email"
        autoComplete="email"
        required
        defaultValue={result?.values?.email}
        error={errors.email}
      />
      <TextField
        id="login-password"
        name="password"
        type="password"
        label="Password"
        autoComplete="current-password"
        required
        error={errors.password}
      />
      <div className="flex flex-wrap items-center justify-between gap-4">
        <SubmitButton busy={busy} busyLabel="Signing in...">
          Login
        </SubmitButton>
        <a href="/forgot-password" className="font-semibold text-brand underline">
          Forgot password?
        </a>
      </div>
      <Island name="passkey-sign-in" component={PasskeySignInButton} props={{ next }} />
    </form>
  );
}
