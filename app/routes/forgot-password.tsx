import { Form, Link } from "react-router";
import { AccountPage } from "~/components/account-page";
import type { ToastMessage } from "~/components/toaster";
import { SubmitButton, TextField } from "~/components/ui/form-field";
import { RESET_LINK_SENT_MESSAGE } from "~/lib/account-messages";
import type { FieldErrors } from "~/lib/schemas";
import { pageMeta } from "~/lib/seo";
import { formAction } from "~/server/http/page-door.server";
import { requestPasswordReset } from "~/server/sign-in/password-reset.server";
import type { Route } from "./+types/forgot-password";

interface ActionResult {
  notice: ToastMessage;
  fieldErrors?: FieldErrors;
  email?: string;
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Forgot password",
    description: "Ask for a link to choose a new FACETS password.",
    path: "/forgot-password",
    origin: matches[0].loaderData.origin,
    noindex: true,
  });
}

export const action = formAction<ActionResult, null>({
  page: "/forgot-password",
  run: ({ deps, caller, form }) => requestPasswordReset(deps, caller, form),
  done: () => ({ notice: { title: "Check your email", description: RESET_LINK_SENT_MESSAGE } }),
  says: {
    otherwise: { title: "Error", description: "Please enter a valid email address.", variant: "destructive" },
  },
  keep: ({ email }) => ({ email: email ?? "" }),
  failed: ({ notice, fieldErrors, values }) => ({ notice, fieldErrors, email: values?.email }),
});

export default function ForgotPasswordPage({ actionData }: Route.ComponentProps) {
  const result = actionData;
  return (
    <AccountPage
      title="Forgot password"
      lead="Enter the email address of your account and we will send you a link to choose a new password."
      notice={result?.notice}
    >
      <Form method="post" className="space-y-5" aria-label="Forgot password">
        <TextField
          id="forgot-email"
          name="email"
          type="email"
          label="Email"
          autoComplete="email"
          required
          defaultValue={result?.email}
          error={result?.fieldErrors?.email}
        />
        <div className="flex flex-wrap items-center justify-between gap-4">
          <SubmitButton busy={false} busyLabel="Sending...">
            Send the link
          </SubmitButton>
          <Link to="/login" className="font-semibold text-brand underline">
            Back to login
          </Link>
        </div>
      </Form>
    </AccountPage>
  );
}
