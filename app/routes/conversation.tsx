import { Form } from "react-router";
import { AccountPage } from "~/components/account-page";
import { AnswerForm, ApplicantThread } from "~/components/applicant-thread";
import { SubmitButton } from "~/components/ui/form-field";
import type { IntentName } from "~/lib/page-intents";
import { pageMeta } from "~/lib/seo";
import type { ToastMessage } from "~/lib/toast-message";
import { errorNotice } from "~/server/http/outcome-notices.server";
import { intent, pageAction } from "~/server/http/page-door.server";
import { callerOf, depsOf } from "~/server/operation.server";
import { answerByLink, readThreadByLink, requestThreadLink } from "~/server/threads/applicant-threads.server";
import type { Route } from "./+types/conversation";

// /conversation?token=…: a sender's private link to their conversation (decision 174), from the
// acknowledgement and every reply. It shows the thread as text and takes an answer; a dead link offers a
// new one, mailed to the message's own address. Noindex, never stored; plain forms, no script.

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Your conversation",
    description: "Your conversation with FACETS.",
    path: "/conversation",
    origin: matches[0].loaderData.origin,
    noindex: true,
  });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const read = token ? await readThreadByLink(depsOf(context), callerOf(context, request), { token }) : null;
  return { token, thread: read?.kind === "done" ? read.value : null, key: crypto.randomUUID() };
}

interface ActionResult {
  notice: ToastMessage;
  fieldErrors?: Record<string, string>;
  body?: string;
}

const INTENTS = {
  answer: intent<ActionResult, { stored: boolean }>({
    run: ({ deps, caller, form }) => answerByLink(deps, caller, form),
    done: ({ stored }) => ({
      notice: stored
        ? { title: "Answer sent", description: "Your answer is in the conversation. The team will read it." }
        : { title: "Answer already sent", description: "This answer was sent once; nothing more was sent." },
    }),
    says: { otherwise: errorNotice("Your answer was not sent.") },
    keep: ({ body }) => ({ body: body ?? "" }),
  }),
  "new-link": intent<ActionResult, null>({
    run: ({ deps, caller, form }) => requestThreadLink(deps, caller, form),
    done: () => ({
      notice: {
        title: "Check your email",
        description:
          "If this link was ours, a new one is on its way to the address the message was sent from.",
      },
    }),
    says: { otherwise: errorNotice("No new link was sent.") },
  }),
};

export const action = pageAction<ActionResult>({
  intents: INTENTS,
  page: "/conversation",
  failed: ({ notice, fieldErrors, values }) => ({ notice, fieldErrors, body: values?.body }),
});

export default function ConversationPage({ loaderData, actionData }: Route.ComponentProps) {
  const { token, thread, key } = loaderData;
  return (
    <AccountPage
      title="Your conversation"
      lead="Your messages with the FACETS team."
      notice={actionData?.notice}
    >
      {thread ? (
        <div className="space-y-8">
          <ApplicantThread thread={thread} />
          <AnswerForm
            idPrefix="conversation"
            hidden={{ intent: "answer" satisfies IntentName<typeof INTENTS>, token, key }}
            error={actionData?.fieldErrors?.body}
            value={actionData?.body}
          />
        </div>
      ) : (
        <div className="space-y-4">
          <p>
            This link has expired or is not valid. A link works for 30 days. We can send a new one to the
            address the message was sent from.
          </p>
          {token ? (
            <Form method="post" aria-label="Send a new link">
              <input type="hidden" name="intent" value={"new-link" satisfies IntentName<typeof INTENTS>} />
              <input type="hidden" name="token" value={token} />
              <SubmitButton busy={false} busyLabel="Sending...">
                Send me a new link
              </SubmitButton>
            </Form>
          ) : null}
        </div>
      )}
    </AccountPage>
  );
}
