import { Form, Link } from "react-router";
import { PasskeySignInButton } from "~/components/passkey-buttons";
import { SubmitButton, TextField } from "~/components/ui/form-field";
import { useFormValidation } from "~/lib/use-form-validation";
import type { LoginActionResult } from "./login-result";

const loadLoginSchema = () => import("~/lib/schemas").then((module) => module.loginSchema);

/** The Login tab's form: email and password (intent `login`), or a passkey. */
export function LoginForm({
  result,
  busy,
  next,
}: {
  result: LoginActionResult | undefined;
  busy: boolean;
  next: string | null;
}) {
  const { errors, formProps } = useFormValidation(loadLoginSchema, result?.fieldErrors);
  return (
    <Form method="post" {...formProps} className="space-y-5" aria-label="Login">
      <input type="hidden" name="intent" value="login" />
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
        {/* A document load: the account pages ship no JavaScript and answer their forms as plain HTML. */}
        <Link to="/forgot-password" reloadDocument className="font-semibold text-brand underline">
          Forgot password?
        </Link>
      </div>
      <PasskeySignInButton next={next} />
    </Form>
  );
}
