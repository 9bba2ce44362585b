import { data, Form, Link, redirect } from "react-router";
import { AccountPage } from "~/components/account-page";
import { NewPasswordFields } from "~/components/person-fields";
import type { ToastMessage } from "~/components/toaster";
import { SubmitButton } from "~/components/ui/form-field";
import { LINK_INVALID_MESSAGE, linkTokenOf, TOO_MANY_ATTEMPTS } from "~/lib/account-messages";
import type { FieldErrors } from "~/lib/schemas";
import { pageMeta } from "~/lib/seo";
import { resetPassword } from "~/server/accounts.server";
import { flashCookie } from "~/server/cookies.server";
import { failureInit, readForm } from "~/server/form-door.server";
import { callerOf, depsOf } from "~/server/operation.server";
import type { Route } from "./+types/reset-password";

interface ActionResult {
  notice: ToastMessage;
  fieldErrors?: FieldErrors;
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Choose a new password",
    description: "Choose a new password for your FACETS account.",
    path: "/reset-password",
    origin: matches[0].loaderData.origin,
    noindex: true,
  });
}

export function loader({ request }: Route.LoaderArgs) {
  return { token: linkTokenOf(request) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const outcome = await resetPassword(depsOf(context), form, callerOf(context, request));
  if (outcome.kind === "done") {
    const changed = { title: "Password changed", description: "Please log in with your new password." };
    return redirect("/login", { headers: { "Set-Cookie": flashCookie(request, changed) } });
  }
  const linkBroken = outcome.kind === "invalid" && outcome.fieldErrors.token !== undefined;
  const notice: ToastMessage =
    outcome.kind === "rate-limited"
      ? TOO_MANY_ATTEMPTS
      : linkBroken
        ? { title: "Link not valid", description: LINK_INVALID_MESSAGE, variant: "destructive" }
        : { title: "Error", description: "Please check the new password.", variant: "destructive" };
  return data<ActionResult>(
    { notice, fieldErrors: outcome.kind === "invalid" ? outcome.fieldErrors : undefined },
    failureInit(outcome),
  );
}

export default function ResetPasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  const errors = actionData?.fieldErrors ?? {};
  return (
    <AccountPage
      title="Choose a new password"
      lead="Your new password replaces the old one, and signs you out everywhere."
      notice={actionData?.notice}
    >
      <Form method="post" aria-label="Choose a new password" className="space-y-5">
        <input type="hidden" name="token" value={loaderData.token} />
        <NewPasswordFields idPrefix="reset" errors={errors} label="New password" />
        <div className="flex flex-wrap items-center justify-between gap-4">
          <SubmitButton busy={false} busyLabel="Saving...">
            Save the new password
          </SubmitButton>
          <Link to="/forgot-password" className="font-semibold text-brand underline">
            Ask for a new link
          </Link>
        </div>
      </Form>
    </AccountPage>
  );
}
