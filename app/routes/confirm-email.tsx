import { data, Form, Link } from "react-router";
import { AccountPage } from "~/components/account-page";
import type { ToastMessage } from "~/components/toaster";
import { SubmitButton } from "~/components/ui/form-field";
import { LINK_INVALID_MESSAGE, linkTokenOf } from "~/lib/account-messages";
import { pageMeta } from "~/lib/seo";
import { failureInit, readForm } from "~/server/http/form-door.server";
import { failureNotice } from "~/server/http/outcome-notices.server";
import { callerOf, depsOf } from "~/server/operation.server";
import { confirmEmail } from "~/server/sign-in/accounts.server";
import type { Route } from "./+types/confirm-email";

// The emailed link opens this page; only its button (a POST) confirms, so a mail scanner that follows the
// link confirms nothing.

const INVALID: ToastMessage = {
  title: "Link not valid",
  description: LINK_INVALID_MESSAGE,
  variant: "destructive",
};

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Confirm your email address",
    description: "Confirm the email address of your FACETS account.",
    path: "/confirm-email",
    origin: matches[0].loaderData.origin,
    noindex: true,
  });
}

export function loader({ request }: Route.LoaderArgs) {
  return { token: linkTokenOf(request) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const outcome = await confirmEmail(depsOf(context), callerOf(context, request), form);
  if (outcome.kind === "done") {
    const notice: ToastMessage = {
      title: "Email confirmed",
      description: "Thank you: your email address is confirmed.",
    };
    return data({ confirmed: true, notice });
  }
  const notice = failureNotice(outcome, { otherwise: INVALID });
  return data({ confirmed: false, notice }, failureInit(outcome));
}

export default function ConfirmEmailPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AccountPage
      title="Confirm your email address"
      lead="One click tells us this address is yours."
      notice={actionData?.notice ?? (loaderData.token ? null : INVALID)}
    >
      {actionData?.confirmed ? (
        <p>
          An administrator will review your account; we will email you when it is approved.{" "}
          <Link to="/" className="font-semibold text-brand underline">
            Back to the home page
          </Link>
        </p>
      ) : (
        <Form method="post" aria-label="Confirm email address" className="space-y-5">
          <input type="hidden" name="token" value={loaderData.token} />
          <p>Press the button to confirm the email address of your FACETS account.</p>
          <SubmitButton busy={false} busyLabel="Confirming...">
            Confirm
          </SubmitButton>
        </Form>
      )}
    </AccountPage>
  );
}
