import { and, desc, eq, sql } from "drizzle-orm";
import { MESSAGE_STATE_WORK } from "~/lib/message-states";
import { linkAnswerSchema, ownAnswerSchema, threadLinkSchema } from "~/lib/schemas/threads";
import { messageReference } from "~/lib/threads";
import { contactSubmissions, messageAnswers, messageReplies, users } from "../../../db/schema";
import type { Database } from "../db.server";
import type { Deps } from "../deps";
import { guarded } from "../identity/guarded.server";
import { insertMailEventWhere, mailEventRow, publishMailEvents } from "../mail-outbox.server";
import { done, invalid, notFound, type Outcome } from "../outcome";
import { storeAnswer } from "./thread-answers.server";
import { threadOfLink } from "./thread-links.server";

// A sender's own conversations (decision 174): through a private link, or signed in from /account. What
// they see is their message, the replies (with the first name of the one who wrote each) and their own
// answers, as text: never a staff note, an answer from another address, or anyone else's message.

export interface ApplicantEntry {
  kind: "message" | "reply" | "answer";
  /** Its row's id: with its kind, its key. */
  id: number;
  at: Date;
  text: string;
  /** "You", or the first name of the staff member who wrote the reply. */
  author: string;
}

export interface ApplicantThread {
  id: number;
  reference: string;
  /** The state in the applicant's words: Received, Answered, Closed. */
  status: string;
  sentAt: Date;
  entries: ApplicantEntry[];
}

/** A message's thread as its sender sees it; null when there is no such message. */
export async function applicantThread(db: Database, contactId: number): Promise<ApplicantThread | null> {
  const message = await db.query.contactSubmissions.findFirst({
    columns: { id: true, message: true, state: true, createdAt: true },
    where: eq(contactSubmissions.id, contactId),
  });
  if (!message) return null;
  const [replies, answers] = await Promise.all([
    db
      .select({
        id: messageReplies.id,
        at: messageReplies.createdAt,
        text: messageReplies.body,
        name: users.firstName,
      })
      .from(messageReplies)
      .leftJoin(users, eq(users.id, messageReplies.authorId))
      .where(eq(messageReplies.contactId, contactId))
      .orderBy(messageReplies.createdAt, messageReplies.id),
    db
      .select({ id: messageAnswers.id, at: messageAnswers.createdAt, text: messageAnswers.body })
      .from(messageAnswers)
      .where(and(eq(messageAnswers.contactId, contactId), eq(messageAnswers.fromSender, true)))
      .orderBy(messageAnswers.createdAt, messageAnswers.id),
  ]);
  const entries: ApplicantEntry[] = [
    { kind: "message" as const, id: message.id, at: message.createdAt, text: message.message, author: "You" },
    ...replies.map((r) => ({
      kind: "reply" as const,
      id: r.id,
      at: r.at,
      text: r.text,
      author: `${r.name ?? "The team"} of FACETS`,
    })),
    ...answers.map((a) => ({ kind: "answer" as const, id: a.id, at: a.at, text: a.text, author: "You" })),
  ].sort((a, b) => a.at.getTime() - b.at.getTime());
  return {
    id: message.id,
    reference: messageReference(message.id),
    status: MESSAGE_STATE_WORK[message.state].applicant,
    sentAt: message.createdAt,
    entries,
  };
}

/** The thread a private link shows; not found for a link that names none or has expired. */
export const readThreadByLink = guarded(
  { rateLimit: "contact", door: "anyone", schema: threadLinkSchema },
  async (deps, _caller, { input }): Promise<Outcome<ApplicantThread>> => {
    const link = await threadOfLink(deps.db, input.token);
    const thread = link?.live ? await applicantThread(deps.db, link.contactId) : null;
    return thread ? done(thread) : notFound;
  },
);

/** The messages a signed-in person sent signed in, newest first, each with its thread. */
export const readOwnThreads = guarded(
  { door: "signed-in" },
  async (deps, _caller, { me }): Promise<Outcome<ApplicantThread[]>> => {
    const own = await deps.db
      .select({ id: contactSubmissions.id })
      .from(contactSubmissions)
      .where(eq(contactSubmissions.senderId, me.id))
      .orderBy(desc(contactSubmissions.createdAt))
      .limit(50);
    const threads = await Promise.all(own.map(({ id }) => applicantThread(deps.db, id)));
    return done(threads.filter((thread): thread is ApplicantThread => thread !== null));
  },
);

async function answer(deps: Deps, contactId: number, body: string, key: string) {
  const message = await deps.db.query.contactSubmissions.findFirst({
    columns: { email: true },
    where: eq(contactSubmissions.id, contactId),
  });
  if (!message) return notFound;
  const stored = await storeAnswer(deps, {
    contactId,
    channel: "site",
    // The link came to this address, or the account sent the message: either proves the sender.
    fromAddress: message.email,
    fromSender: true,
    body,
    attachmentsRefused: 0,
    mailId: `site:${key}`,
  });
  return done({ stored: stored !== null });
}

/** An answer written on the page a private link opens. */
export const answerByLink = guarded(
  { rateLimit: "contact", door: "anyone", schema: linkAnswerSchema },
  async (deps, _caller, { input }): Promise<Outcome<{ stored: boolean }>> => {
    const link = await threadOfLink(deps.db, input.token);
    if (!link?.live) return invalid({}, "This link has expired. Ask for a new one below.");
    return answer(deps, link.contactId, input.body, input.key);
  },
);

/** An answer written from /account to a message its account sent. */
export const answerOwnMessage = guarded(
  { rateLimit: "contact", door: "signed-in", schema: ownAnswerSchema },
  async (deps, _caller, { me, input }): Promise<Outcome<{ stored: boolean }>> => {
    const own = await deps.db.query.contactSubmissions.findFirst({
      columns: { id: true },
      where: and(eq(contactSubmissions.id, input.id), eq(contactSubmissions.senderId, me.id)),
    });
    // Another person's message is answered as one that does not exist.
    return own ? answer(deps, own.id, input.body, input.key) : notFound;
  },
);

/** Link emails a thread gets in a day when a dead link asks for a new one. */
const LINK_REQUESTS_PER_DAY = 3;

/**
 * A new private link, asked for on a dead (or live) one: mailed to the message's own address, never one
 * typed here, at most LINK_REQUESTS_PER_DAY a day; the same answer whatever the link names.
 */
export const requestThreadLink = guarded(
  { rateLimit: "contact", door: "anyone", schema: threadLinkSchema },
  async (deps, _caller, { input }): Promise<Outcome<null>> => {
    const link = await threadOfLink(deps.db, input.token);
    if (link) {
      const [events] = await deps.db.batch([
        insertMailEventWhere(
          deps.db,
          mailEventRow("thread-link-requested", link.contactId),
          sql`(SELECT count(*) FROM mail_events WHERE type = 'thread-link-requested'
            AND subject_id = ${link.contactId} AND created_at > unixepoch() - 86400) < ${LINK_REQUESTS_PER_DAY}`,
        ),
      ]);
      deps.waitUntil(publishMailEvents(deps.env, events));
    }
    return done(null);
  },
);
