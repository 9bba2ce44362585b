import { data, Link, redirect } from "react-router";
import { ActionButton, ReplyByEmailLink, useBusyId } from "~/components/admin-lists";
import { StaticNotice } from "~/components/static-notice";
import { useToast } from "~/components/toaster";
import { FactList } from "~/components/workbench/fact-list";
import { NoteForm } from "~/components/workbench/note-form";
import { PageState } from "~/components/workbench/page-state";
import { TextForm } from "~/components/workbench/text-form";
import { WrittenList } from "~/components/workbench/written-list";
import { SAVED_REPLIES, savedReplyOf } from "~/content/saved-replies";
import { userTypeLabel } from "~/content/user-types";
import type { RowActionName } from "~/lib/admin-row-actions";
import { dashboardHref } from "~/lib/admin-tabs";
import { REPLY_MAX } from "~/lib/field-limits";
import { formatDateTime } from "~/lib/format-date";
import { isClosedState, MESSAGE_STATE_LABELS, movesOf } from "~/lib/message-states";
import { withReplyMailto } from "~/lib/reply-mailto";
import { pageMeta } from "~/lib/seo";
import { MESSAGE_PAGE, messagePath, personPath } from "~/lib/workbench";
import { parseId } from "~/server/admin/admin-actions.server";
import { backOf, listHref, neighboursOf } from "~/server/admin/message-neighbours.server";
import { messagePage } from "~/server/admin/message-page.server";
import { pageAction } from "~/server/http/page-door.server";
import { adminOf } from "~/server/http/request-context.server";
import { depsOf } from "~/server/operation.server";
import type { Route } from "./+types/message";
import { MESSAGE_INTENTS, workbenchDoor } from "./workbench-intents.server";

// /admin/message?id=12: one contact message whole, its state and who holds it, the replies sent and the
// notes written, a reply form with the saved replies (picked by a link that fills the box, without
// JavaScript too) beside the spec's mailto: Reply, and a note form. Inside the admin layout, whose
// middleware has checked the caller.

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Message",
    description: "A contact message, its replies and notes.",
    path: MESSAGE_PAGE,
    origin: matches[0].loaderData.origin,
    noindex: true,
  });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const me = adminOf(context).id;
  const params = new URL(request.url).searchParams;
  const raw = params.get("id");
  if (raw === null) throw redirect(dashboardHref("contacts"));
  const id = parseId(raw);
  if (id === null) {
    return data({ kind: "refused" as const, says: "The message id must be a positive whole number." }, 400);
  }
  const { db } = depsOf(context);
  const page = await messagePage(db, id);
  if (!page) return data({ kind: "refused" as const, says: "There is no such message." }, 404);
  const saved = savedReplyOf(params.get("saved"));
  // The list it was opened from (decision 176): its Back, Previous and Next, and "Send and next".
  const back = backOf(params.get("back"));
  const around = await neighboursOf(db, back, me, page.message);
  return {
    kind: "found" as const,
    ...page,
    message: withReplyMailto(page.message),
    me,
    back,
    backHref: listHref(back),
    ...around,
    saved: saved?.id ?? null,
    prefill: saved?.body ?? "",
    // Their names only: a body reaches the browser as the reply box's text when it is picked.
    savedReplies: SAVED_REPLIES.map(({ id, label }) => ({ id, label })),
    replyKey: crypto.randomUUID(),
  };
}

const answer = pageAction(workbenchDoor(MESSAGE_INTENTS, MESSAGE_PAGE));

export async function action(args: Route.ActionArgs) {
  adminOf(args.context);
  return answer(args);
}

type Found = Extract<Route.ComponentProps["loaderData"], { kind: "found" }>;

function Details({
  message,
  personId,
  sender,
  senderWords,
}: Pick<Found, "message" | "personId" | "sender" | "senderWords">) {
  const rows: [string, React.ReactNode][] = [
    [
      "Email",
      personId ? (
        <Link key="email" to={personPath(personId)} className="text-brand underline">
          {message.email} {sender === "typed" ? "(an account's address)" : "(their account)"}
        </Link>
      ) : (
        message.email
      ),
    ],
    ["Sender", senderWords],
    ["Company", message.company ?? "N/A"],
    ["Phone", message.phone ?? "N/A"],
    ["Area of interest", userTypeLabel(message.userTypeId)],
    ["Payment method", message.paymentMethod ?? "None stated"],
    ["Received", formatDateTime(message.createdAt)],
  ];
  return <FactList rows={rows} />;
}

/** The buttons a message's row has on the dashboard, here for the message open on its page. */
function MessageActions({ message, me }: { message: Found["message"]; me: number }) {
  const busy = useBusyId() === message.id;
  const { main, more } = movesOf(message.state);
  const button = (intent: RowActionName, label: string, quiet = true, shortcut?: string) => (
    <ActionButton
      key={intent}
      intent={intent}
      id={message.id}
      label={label}
      busy={busy}
      quiet={quiet}
      shortcut={shortcut}
    />
  );
  return (
    <>
      {main ? button(main.action, main.button, isClosedState(message.state), main.key) : null}
      {more.map((move) => button(move.action, move.button, true, move.key))}
      {message.claimedBy === me ? button("release", "Let go") : null}
      {message.claimedBy === null ? button("claim", "Take") : null}
    </>
  );
}

export default function MessagePage({ loaderData, actionData }: Route.ComponentProps) {
  useToast(actionData?.toast);
  if (loaderData.kind !== "found") return <PageState says={loaderData.says} />;
  const { message, replies, answers, notes, personId, sender, senderWords, unproven } = loaderData;
  const { saved, prefill, savedReplies, replyKey, me, back, backHref, previous, next } = loaderData;
  const failed = (intent: string) => (actionData?.intent === intent ? actionData : undefined);
  const reply = failed("reply");
  const holder = message.holder
    ? `Held by ${message.holder} since ${formatDateTime(message.claimedAt)}`
    : "Nobody holds it";
  return (
    <article className="mt-4 max-w-4xl">
      <StaticNotice message={actionData?.toast} />
      {/* Back to the list it was opened from, and the messages before and after it there (decision 176). */}
      <nav aria-label="The list" className="flex flex-wrap gap-3 text-sm text-brand underline">
        <Link to={backHref}>Back to Contact Submissions</Link>
        {previous !== null && (
          <Link to={messagePath(previous, null, back)} rel="prev">
            Previous
          </Link>
        )}
        {next !== null && (
          <Link to={messagePath(next, null, back)} rel="next">
            Next
          </Link>
        )}
      </nav>
      <h2 className="mt-2 text-lg font-bold">
        Message {message.id} from {message.firstName} {message.lastName}
      </h2>
      <p className="mt-1 text-sm">
        <span className="rounded-full bg-surface-muted px-2 py-0.5 font-semibold">
          {MESSAGE_STATE_LABELS[message.state]}
        </span>{" "}
        {holder}
      </p>
      <div className="mt-2 flex flex-wrap gap-1">
        <MessageActions message={message} me={me} />
      </div>
      <Details message={message} personId={personId} sender={sender} senderWords={senderWords} />
      <p className="mt-3 rounded-lg bg-surface-muted p-3 break-words whitespace-pre-wrap">
        {message.message}
      </p>

      <section aria-labelledby="replies-title" className="mt-6">
        <h3 id="replies-title" className="font-bold">
          Replies
        </h3>
        <WrittenList items={replies} empty="No reply sent from here yet." label="Replies" />
        <h4 className="mt-4 font-semibold">Answers from the applicant</h4>
        <WrittenList items={answers} empty="No answer has come back yet." label="Answers" />
        <nav aria-label="Saved replies" className="mt-3 flex flex-wrap items-center gap-2 text-sm">
          <span className="font-medium">Saved replies:</span>
          {savedReplies.map((item) => (
            <Link
              key={item.id}
              to={`${messagePath(message.id, item.id, back)}#reply-body`}
              aria-current={saved === item.id ? "true" : undefined}
              preventScrollReset
              className="rounded-full border border-brand px-2.5 py-0.5 text-brand hover:bg-brand-soft"
            >
              {item.label}
            </Link>
          ))}
        </nav>
        {/* Drawn anew for another message, a reply sent or a saved reply picked; not when the page reloads
            after a move or a note (the key sent with it is new each time), which would drop what is typed. */}
        <TextForm
          key={`${message.id}-${replies.length}-${saved ?? ""}`}
          id="reply-body"
          intent="reply"
          label={`Reply to ${message.email}`}
          submit="Send reply"
          maxLength={REPLY_MAX}
          defaultValue={reply?.values?.body ?? prefill}
          error={reply?.fieldErrors?.body ?? reply?.fieldErrors?.key}
          hidden={{ id: String(message.id), key: replyKey, back }}
          action={messagePath(message.id, null, back)}
          shortcut="r"
        >
          {/* Sends the same form and opens the list's next message (decision 176). */}
          <button
            type="submit"
            name="go"
            value="next"
            className="inline-flex min-h-10 items-center rounded-full border border-brand px-4 py-2 text-sm font-semibold text-brand hover:bg-brand-soft"
          >
            Send and next
          </button>
          <ReplyByEmailLink contact={message} large />
        </TextForm>
        {unproven ? <p className="mt-2 text-sm text-ink-muted">{unproven}</p> : null}
      </section>

      <section aria-labelledby="notes-title" className="mt-6">
        <h3 id="notes-title" className="font-bold">
          Notes
        </h3>
        <WrittenList items={notes} empty="No notes yet." label="Notes" />
        <NoteForm
          subjectId={message.id}
          written={notes.length}
          failed={failed("note")}
          action={messagePath(message.id, null, back)}
        />
      </section>
    </article>
  );
}
