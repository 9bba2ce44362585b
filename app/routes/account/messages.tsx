import { redirect } from "react-router";
import { AnswerForm, ApplicantThread } from "~/components/applicant-thread";
import { PageHero } from "~/components/page-hero";
import { StaticNotice } from "~/components/static-notice";
import { pageMeta } from "~/lib/seo";
import { signInFirst } from "~/lib/sign-in-paths";
import type { ToastMessage } from "~/lib/toast-message";
import { errorNotice } from "~/server/http/outcome-notices.server";
import { formAction } from "~/server/http/page-door.server";
import { callerOf, depsOf } from "~/server/operation.server";
import { answerOwnMessage, readOwnThreads } from "~/server/threads/applicant-threads.server";
import type { Route } from "./+types/messages";

// /account/messages: "Your messages" (decision 174). Each message its account sent signed in, its state
// in the applicant's words and its whole conversation, with a form to answer it. Plain forms, no script.

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Your messages",
    description: "Your messages to FACETS and the team's replies.",
    path: "/account/messages",
    origin: matches[0].loaderData.origin,
    noindex: true,
  });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const read = await readOwnThreads(depsOf(context), callerOf(context, request));
  if (read.kind !== "done") throw redirect(signInFirst("/account/messages"));
  return { threads: read.value, key: crypto.randomUUID() };
}

interface ActionResult {
  notice: ToastMessage;
  /** The message whose form failed, with what was written. */
  id?: string;
  fieldErrors?: Record<string, string>;
  body?: string;
}

export const action = formAction<ActionResult, { stored: boolean }>({
  page: "/account/messages",
  run: ({ deps, caller, form }) => answerOwnMessage(deps, caller, form),
  done: ({ stored }) => ({
    notice: stored
      ? { title: "Answer sent", description: "Your answer is in the conversation. The team will read it." }
      : { title: "Answer already sent", description: "This answer was sent once; nothing more was sent." },
  }),
  says: {
    "not-found": errorNotice("There is no such message."),
    otherwise: errorNotice("Your answer was not sent."),
  },
  keep: ({ id, body }) => ({ id: id ?? "", body: body ?? "" }),
  failed: ({ notice, fieldErrors, values }) => ({ notice, fieldErrors, id: values?.id, body: values?.body }),
});

export default function MessagesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { threads, key } = loaderData;
  return (
    <>
      <PageHero title="Your messages" lead="The messages you sent while signed in, and the team's replies." />
      <div className="mx-auto max-w-3xl space-y-10 px-4 pt-8 pb-12 sm:px-6">
        <StaticNotice message={actionData?.notice} />
        {threads.length === 0 ? (
          <p>
            You have sent no message while signed in. Messages sent from the contact form while signed in
            appear here with the team's replies.
          </p>
        ) : null}
        {threads.map((thread) => {
          const failed = actionData?.id === String(thread.id) ? actionData : undefined;
          return (
            <div key={thread.id} className="space-y-4">
              <ApplicantThread thread={thread} />
              <AnswerForm
                idPrefix={`message-${thread.id}`}
                hidden={{ id: String(thread.id), key }}
                error={failed?.fieldErrors?.body}
                value={failed?.body}
              />
            </div>
          );
        })}
      </div>
    </>
  );
}
