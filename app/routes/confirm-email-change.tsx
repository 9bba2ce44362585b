import { Form, Link } from "react-router";
import { AccountPage } from "~/components/account-page";
import type { ToastMessage } from "~/components/toaster";
import { SubmitButton } from "~/components/ui/form-field";
import { LINK_INVALID_MESSAGE, linkTokenOf } from "~/lib/account-messages";
import { pageMeta } from "~/lib/seo";
import { confirmEmailChange } from "~/server/account/email-change.server";
import { itsMessage } from "~/server/http/outcome-notices.server";
import { formAction } from "~/server/http/page-door.server";
import type { Route } from "./+types/confirm-email-change";

// The link sent to a new address opens this page; only its button (a POST) changes the address, so a
// mail scanner that follows the link changes nothing.

const INVALID: ToastMessage = {
  title: "Link not valid",
  description: LINK_INVALID_MESSAGE,
  variant: "destructive",
};

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Confirm your new email address",
    description: "Confirm the new email address of your FACETS account.",
    path: "/confirm-email-change",
    origin: matches[0].loaderData.origin,
    noindex: true,
  });
}

export function loader({ request }: Route.LoaderArgs) {
  return { token: linkTokenOf(request) };
}

export const action = formAction<{ changed: boolean; notice: ToastMessage }, unknown>({
  page: "/confirm-email-change",
  run: ({ deps, caller, form }) => confirmEmailChange(deps, caller, form),
  done: () => ({
    changed: true,
    notice: { title: "Email address changed", description: "Your account now uses this address." },
  }),
  says: {
    invalid: ({ message }) =>
      message === LINK_INVALID_MESSAGE ? undefined : itsMessage("Address not changed")({ message }),
    otherwise: INVALID,
  },
  failed: ({ notice }) => ({ changed: false, notice }),
});

export default function ConfirmEmailChangePage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AccountPage
      title="Confirm your new email address"
      lead="One click moves your FACETS account to this address."
      notice={actionData?.notice ?? (loaderData.token ? null : INVALID)}
    >
      {actionData?.changed ? (
        <p>
          From now on, sign in with this address.{" "}
          <Link to="/account" className="font-semibold text-brand underline">
            Go to My account
          </Link>
        </p>
      ) : (
        <Form method="post" aria-label="Confirm new email address" className="space-y-5">
          <input type="hidden" name="token" value={loaderData.token} />
          <p>Press the button to use this address for your FACETS account.</p>
          <SubmitButton busy={false} busyLabel="Confirming...">
            Confirm
          </SubmitButton>
        </Form>
      )}
    </AccountPage>
  );
}
