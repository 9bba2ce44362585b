import { and, desc, eq, notInArray, sql } from "drizzle-orm";
import { ownEventLabel, subjectIsAccount } from "~/lib/audit-actions";
import type { TimelineItem } from "~/lib/workbench";
import { accountEvents, contactSubmissions, users } from "../../../db/schema";
import { entriesOfPerson } from "../audit/own-activity.server";
import type { Database } from "../db.server";
import { personColumns } from "../identity/users.server";
import { repliesToOwnMessages } from "./message-replies.server";
import { notesOnOwnMessages, notesOnPerson } from "./staff-notes.server";

// A person's page: their account and one timeline, newest first, of everything the site knows about them:
// the messages they sent signed in (one sent signed out with their address is not theirs: decision 174),
// the replies to those, the notes on them and on their messages, their
// registration and its approval or rejection, and the account events of the audit log (what they did, and
// what was done to their account). Each source gives its newest 100.

const LIMIT = 100;
/** The approval and rejection are shown from the account itself, with who decided. */
const DECISIONS = ["user-approved", "user-rejected"];

const approver = sql<
  string | null
>`(SELECT first_name || ' ' || last_name FROM users AS approver WHERE approver.id = ${users.approvedBy})`;

export async function personTimeline(db: Database, id: number) {
  const [person] = await db
    .select({
      ...personColumns,
      isApproved: users.isApproved,
      isActive: users.isActive,
      approvedAt: users.approvedAt,
      rejectedAt: users.rejectedAt,
      approver,
    })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  if (!person) return null;
  const [messages, replies, notes, messageNotes, events] = await Promise.all([
    db
      .select({
        id: contactSubmissions.id,
        message: contactSubmissions.message,
        state: contactSubmissions.state,
        createdAt: contactSubmissions.createdAt,
      })
      .from(contactSubmissions)
      .where(eq(contactSubmissions.senderId, id))
      .orderBy(desc(contactSubmissions.createdAt))
      .limit(LIMIT),
    repliesToOwnMessages(db, id),
    notesOnPerson(db, id),
    notesOnOwnMessages(db, id),
    db
      .select({
        id: accountEvents.id,
        at: accountEvents.at,
        action: accountEvents.action,
        outcome: accountEvents.outcome,
        actorId: accountEvents.actorId,
        subjectId: accountEvents.subjectId,
        actor: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
      })
      .from(accountEvents)
      .leftJoin(users, eq(users.id, accountEvents.actorId))
      .where(and(entriesOfPerson(id), notInArray(accountEvents.action, DECISIONS)))
      .orderBy(desc(accountEvents.at), desc(accountEvents.id))
      .limit(LIMIT),
  ]);
  const items: TimelineItem[] = [
    ...messages.map((row) => ({
      kind: "message" as const,
      at: row.createdAt,
      messageId: row.id,
      text: row.message,
      state: row.state,
    })),
    ...replies.map((row) => ({
      kind: "reply" as const,
      at: row.createdAt,
      messageId: row.messageId,
      text: row.body,
      author: row.author,
    })),
    ...[...notes, ...messageNotes].map((row) => ({
      kind: "note" as const,
      at: row.createdAt,
      text: row.body,
      author: row.author,
    })),
    ...events.map((row) => ({
      kind: "event" as const,
      at: row.at,
      label: ownEventLabel({
        ...row,
        byAnother: false,
        onAnother: subjectIsAccount(row.action) && row.subjectId !== null && row.subjectId !== id,
      }),
      // Someone else acted: an administrator, named (or a former one); the person's own acts name nobody.
      author: row.actorId === id ? null : (row.actor ?? "An administrator"),
    })),
    { kind: "event", at: person.createdAt, label: "Registered", author: null },
    ...(person.approvedAt
      ? [
          {
            kind: "event" as const,
            at: person.approvedAt,
            label: "Account approved",
            author: person.approver,
          },
        ]
      : []),
    ...(person.rejectedAt
      ? [{ kind: "event" as const, at: person.rejectedAt, label: "Account rejected", author: null }]
      : []),
  ];
  items.sort((a, b) => b.at.getTime() - a.at.getTime());
  return { person, items };
}

export type PersonTimeline = NonNullable<Awaited<ReturnType<typeof personTimeline>>>;
