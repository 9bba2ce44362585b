import { Form, Link } from "react-router";
import { AccountPage } from "~/components/account-page";
import type { ToastMessage } from "~/components/toaster";
import { SubmitButton } from "~/components/ui/form-field";
import { LINK_INVALID_MESSAGE, linkTokenOf } from "~/lib/account-messages";
import { pageMeta } from "~/lib/seo";
import { formAction } from "~/server/http/page-door.server";
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

export const action = formAction<{ confirmed: boolean; notice: ToastMessage }, unknown>({
  page: "/confirm-email",
  run: ({ deps, caller, form }) => confirmEmail(deps, caller, form),
  done: () => ({
    confirmed: true,
    notice: { title: "Email confirmed", description: "Thank you: your email address is confirmed." },
  }),
  says: { otherwise: INVALID },
  failed: ({ notice }) => ({ confirmed: false, notice }),
});

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
