import { data, Form, Link } from "react-router";
import { AccountPage } from "~/components/account-page";
import type { ToastMessage } from "~/components/toaster";
import { SubmitButton, TextField } from "~/components/ui/form-field";
import { RESET_LINK_SENT_MESSAGE } from "~/lib/account-messages";
import type { FieldErrors } from "~/lib/schemas";
import { pageMeta } from "~/lib/seo";
import { failureInit, readForm } from "~/server/http/form-door.server";
import { failureNotice } from "~/server/http/outcome-notices.server";
import { callerOf, depsOf } from "~/server/operation.server";
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

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const outcome = await requestPasswordReset(depsOf(context), callerOf(context, request), form);
  if (outcome.kind === "done") {
    return data<ActionResult>({
      notice: { title: "Check your email", description: RESET_LINK_SENT_MESSAGE },
    });
  }
  const notice = failureNotice(outcome, {
    otherwise: { title: "Error", description: "Please enter a valid email address.", variant: "destructive" },
  });
  return data<ActionResult>(
    { notice, fieldErrors: outcome.kind === "invalid" ? outcome.fieldErrors : undefined, email: form.email },
    failureInit(outcome),
  );
}

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
