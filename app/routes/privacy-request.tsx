import { Form, Link } from "react-router";
import { AccountPage } from "~/components/account-page";
import type { ToastMessage } from "~/components/toaster";
import { SubmitButton, TextField } from "~/components/ui/form-field";
import {
  LINK_INVALID_MESSAGE,
  linkTokenOf,
  PRIVACY_LINK_ACCOUNT_ACTIVE,
  PRIVACY_REQUEST_SENT,
} from "~/lib/account-messages";
import type { IntentName } from "~/lib/page-intents";
import type { FieldErrors } from "~/lib/schemas";
import { pageMeta } from "~/lib/seo";
import {
  eraseByPrivacyLink,
  privacyLinkState,
  requestPrivacyLink,
} from "~/server/account/privacy-requests.server";
import { errorNotice, itsMessage } from "~/server/http/outcome-notices.server";
import { intent, pageAction } from "~/server/http/page-door.server";
import { depsOf } from "~/server/operation.server";
import type { Route } from "./+types/privacy-request";

// /privacy/request: for people without an account. Without a token, a form asks for an
// address (every address gets the same answer). The emailed link (?token=) opens the two buttons:
// "Download what you hold about me" (the JSON file) and "Erase it". Plain forms, no script.

interface ActionResult {
  notice: ToastMessage;
  erased?: boolean;
  fieldErrors?: FieldErrors;
  email?: string;
}

const INVALID: ToastMessage = {
  title: "Link not valid",
  description: `${LINK_INVALID_MESSAGE} Ask for a new one below.`,
  variant: "destructive",
};

/** The link of an address that has become an approved, active account's: /account is the way now. */
const ACCOUNT_ACTIVE: ToastMessage = {
  title: "Use My account",
  description: PRIVACY_LINK_ACCOUNT_ACTIVE,
  variant: "destructive",
};

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Your data",
    description: "Ask for a copy of what FACETS holds about your email address, or its erasure.",
    path: "/privacy/request",
    origin: matches[0].loaderData.origin,
    noindex: true,
  });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = linkTokenOf(request);
  if (!token) return { token: "", state: "none" as const };
  return { token, state: await privacyLinkState(depsOf(context), token) };
}

const INTENTS = {
  erase: intent({
    run: ({ deps, caller, form }) => eraseByPrivacyLink(deps, caller, form),
    done: () => ({
      erased: true,
      notice: {
        title: "Erased",
        description: "We erased everything we held about your address. An email confirms it.",
      },
    }),
    says: {
      conflict: itsMessage("Not erased"),
      invalid: ({ message }) => (message === PRIVACY_LINK_ACCOUNT_ACTIVE ? ACCOUNT_ACTIVE : undefined),
      otherwise: INVALID,
    },
  }),
  "send-link": intent({
    run: ({ deps, caller, form }) => requestPrivacyLink(deps, caller, form),
    done: () => ({ notice: { title: "Check your email", description: PRIVACY_REQUEST_SENT } }),
    says: { otherwise: errorNotice("Please enter a valid email address.") },
    keep: ({ email }) => ({ email: email ?? "" }),
  }),
};

export const action = pageAction<ActionResult>({
  intents: INTENTS,
  // The address form posts no intent.
  fallback: "send-link",
  page: "/privacy/request",
  failed: ({ notice, fieldErrors, intent, values }) =>
    intent === "erase" ? { notice } : { notice, fieldErrors, email: values?.email },
});

function RequestForm({ result }: { result: ActionResult | undefined }) {
  return (
    <Form method="post" className="space-y-5" aria-label="Ask for your data">
      <p>
        Enter the email address you wrote to us from or registered with. If we hold anything about it, we send
        it a link that lets you download a copy or erase it. Have an approved account? Sign in and{" "}
        <Link to="/account" className="font-semibold text-brand underline">
          use My account
        </Link>
        : its address gets no link.
      </p>
      <TextField
        id="privacy-email"
        name="email"
        type="email"
        label="Email"
        autoComplete="email"
        required
        defaultValue={result?.email}
        error={result?.fieldErrors?.email}
      />
      <SubmitButton busy={false} busyLabel="Sending...">
        Send me the link
      </SubmitButton>
    </Form>
  );
}

function LinkActions({ token }: { token: string }) {
  return (
    <div className="space-y-8">
      <Form
        method="post"
        action="/privacy/request/data.json"
        reloadDocument
        aria-label="Download your data"
        className="space-y-3"
      >
        <input type="hidden" name="token" value={token} />
        <p>
          A JSON file with everything we hold about your address: any registration, your contact messages and
          the emails we sent you.
        </p>
        <SubmitButton busy={false} busyLabel="Preparing...">
          Download what you hold about me
        </SubmitButton>
      </Form>
      <Form method="post" aria-label="Erase your data" className="space-y-3">
        <input type="hidden" name="intent" value={"erase" satisfies IntentName<typeof INTENTS>} />
        <input type="hidden" name="token" value={token} />
        <p>
          Erasing deletes, at once and for good, any registration of this address, every contact message sent
          from it and any email still waiting to go to it. This link stops working.
        </p>
        <SubmitButton busy={false} busyLabel="Erasing...">
          Erase it
        </SubmitButton>
      </Form>
    </div>
  );
}

export default function PrivacyRequestPage({ loaderData, actionData }: Route.ComponentProps) {
  const { token, state } = loaderData;
  const showActions = state === "live" && !actionData?.erased;
  const linkNotice = state === "dead" ? INVALID : state === "account-active" ? ACCOUNT_ACTIVE : null;
  const notice = actionData?.notice ?? linkNotice;
  return (
    <AccountPage
      title="Your data"
      lead="See what FACETS holds about your email address, take a copy, or have it erased."
      notice={notice}
    >
      {showActions ? (
        <LinkActions token={token} />
      ) : actionData?.erased ? (
        <p>
          Nothing of yours is left with us.{" "}
          <Link to="/privacy" className="font-semibold text-brand underline">
            Read our privacy notice
          </Link>
        </p>
      ) : (
        <RequestForm result={actionData} />
      )}
    </AccountPage>
  );
}
