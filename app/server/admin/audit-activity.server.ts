import { and, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { z } from "zod/mini";
import { COUNT_CAP } from "~/lib/counts";
import { type CsvValue, csvDocument } from "~/lib/csv";
import { accountEvents, auditEmails, users } from "../../../db/schema";
import { auditEntry, recordEvent } from "../audit/account-events.server";
import { sha256Hex } from "../audit/audit-chain";
import { accountSubject } from "../audit/own-activity.server";
import type { Database } from "../db.server";
import { guarded } from "../identity/guarded.server";
import {
  afterCursor,
  type Cursor,
  cappedCount,
  type Keyset,
  keysetOrder,
  keysetPage,
} from "../keyset.server";
import { done, type Outcome } from "../outcome";
import { ADMIN_PAGE_SIZE, textParam as boundedText } from "./admin-lists.server";

// The audit log as the admins read it: entries newest first, filtered by actor, subject, person,
// action and date, 50 a page by keyset on (time, id), or all of them (up to a cap) as a CSV file. The actor's address is the one
// they had at the time, from its digest; an address erased since reads null.

export interface ActivityFilters {
  /** An account id, or an address (matched by its digest). */
  actor: string | null;
  subject: number | null;
  /** An account id or an address, as actor (like `actor`) or as subject (the account's id, or the account that has that address now). */
  person: string | null;
  action: string | null;
  /** Inclusive start and exclusive end (a date alone as `to` takes in that whole day), UTC. */
  from: Date | null;
  to: Date | null;
}

export interface ActivityEntry {
  id: number;
  at: string;
  actor: { id: number | null; email: string | null };
  subject: number | null;
  /** The subject account's address now (null for a contact message, or an account no longer there). */
  subjectEmail: string | null;
  action: string;
  outcome: string;
  ip: string | null;
  userAgent: string | null;
  country: string | null;
  requestId: string | null;
}

const DAY_MS = 86_400_000;
const DATE_ONLY = /^\d{4}-\d\d-\d\d$/;

function dateOf(raw: string | null): Date | null {
  if (!raw || !/^\d{4}-\d\d-\d\d([T ][\d:.]+Z?)?$/.test(raw)) return null;
  const date = new Date(DATE_ONLY.test(raw) ? `${raw}T00:00:00Z` : raw);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The end of a `to` filter: the next midnight after a date alone, the time itself otherwise. */
function endOf(raw: string | null): Date | null {
  const date = dateOf(raw);
  if (!date || !raw || !DATE_ONLY.test(raw)) return date;
  return new Date(date.getTime() + DAY_MS);
}

const textParam = (params: URLSearchParams, name: string) => boundedText(params.get(name));

/** The filters of a request's query string; anything malformed is left out rather than refused. */
export function activityFilters(params: URLSearchParams): ActivityFilters {
  const subject = Number(params.get("subject"));
  return {
    actor: textParam(params, "actor")?.toLowerCase() ?? null,
    subject: Number.isSafeInteger(subject) && subject > 0 ? subject : null,
    person: textParam(params, "person")?.toLowerCase() ?? null,
    action: textParam(params, "action"),
    from: dateOf(textParam(params, "from")),
    to: endOf(textParam(params, "to")),
  };
}

/** The Activity tab's own filters (person, action, from, to) as its form shows them: "" when unset or malformed. */
export function activityQuery(params: URLSearchParams) {
  const day = (name: string) => {
    const raw = textParam(params, name);
    return raw && DATE_ONLY.test(raw) && dateOf(raw) ? raw : "";
  };
  return {
    person: textParam(params, "person") ?? "",
    action: textParam(params, "action") ?? "",
    from: day("from"),
    to: day("to"),
  };
}

const isAccountId = (text: string) => /^\d{1,15}$/.test(text);

function actorIs(actor: string): SQL {
  return isAccountId(actor)
    ? eq(accountEvents.actorId, Number(actor))
    : eq(accountEvents.actorEmailSha256, sha256Hex(actor));
}

/**
 * A person's entries, as two conditions each served by an index in the log's order: as actor (by account
 * or by the address's digest), and as the subject of an account action.
 */
function personBranches(person: string): SQL[] {
  const asSubject = isAccountId(person)
    ? eq(accountEvents.subjectId, Number(person))
    : sql`${accountEvents.subjectId} IN (SELECT ${users.id} FROM ${users} WHERE ${users.email} = ${person})`;
  return [actorIs(person), and(asSubject, accountSubject) as SQL];
}

/** The filters but the person, as one condition. */
function conditions(filters: ActivityFilters): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (filters.actor) parts.push(actorIs(filters.actor));
  if (filters.subject) parts.push(eq(accountEvents.subjectId, filters.subject));
  if (filters.action) parts.push(eq(accountEvents.action, filters.action));
  if (filters.from) parts.push(gte(accountEvents.at, filters.from));
  if (filters.to) parts.push(lt(accountEvents.at, filters.to));
  return parts.length > 0 ? and(...parts) : undefined;
}

/**
 * The ids of the first `limit` entries after `cursor` that each of a person's branches selects, in one
 * UNION: each branch reads its own index in order and stops, where one OR over the branches gathered and
 * sorted every entry of the person (an administrator has tens of thousands: 300 ms at a million entries).
 */
function personUnion(filters: ActivityFilters, person: string, cursor: Cursor | null, limit: number): SQL {
  const branches = personBranches(person).map(
    (branch) => sql`SELECT id FROM (SELECT ${accountEvents.id} AS id FROM ${accountEvents}
      WHERE ${and(conditions(filters), branch, afterCursor(activityKeyset, cursor))}
      ORDER BY ${sql.join(keysetOrder(activityKeyset), sql`, `)} LIMIT ${limit})`,
  );
  return sql.join(branches, sql` UNION `);
}

/** The entries the filters select after `cursor`, the first `limit` of them at most. */
function selection(filters: ActivityFilters, cursor: Cursor | null, limit: number): SQL | undefined {
  if (!filters.person) return and(conditions(filters), afterCursor(activityKeyset, cursor));
  return sql`${accountEvents.id} IN (${personUnion(filters, filters.person, cursor, limit)})`;
}

const subjects = alias(users, "subject_account");

/**
 * The log's order, newest first: the time, then the id (entries of one second). The indexes on (actor,
 * time), (subject, time), (address digest, time), (action, time) and (time) serve each filter in it.
 */
const activityKeyset: Keyset = { at: accountEvents.at, id: accountEvents.id, direction: "desc" };

/** Matching entries after `cursor`, newest first, with the actor's address at the time and the subject's now. */
async function activityEntries(
  db: Database,
  filters: ActivityFilters,
  cursor: Cursor | null,
  limit: number,
): Promise<ActivityEntry[]> {
  const rows = await db
    .select({ entry: accountEvents, email: auditEmails.email, subjectEmail: subjects.email })
    .from(accountEvents)
    .leftJoin(auditEmails, eq(auditEmails.sha256, accountEvents.actorEmailSha256))
    .leftJoin(subjects, and(eq(subjects.id, accountEvents.subjectId), accountSubject))
    .where(selection(filters, cursor, limit))
    .orderBy(...keysetOrder(activityKeyset))
    .limit(limit);
  return rows.map(({ entry, email, subjectEmail }) => ({
    id: entry.id,
    at: entry.at.toISOString(),
    actor: { id: entry.actorId, email },
    subject: entry.subjectId,
    subjectEmail,
    action: entry.action,
    outcome: entry.outcome,
    ip: entry.ip,
    userAgent: entry.userAgent,
    country: entry.country,
    requestId: entry.requestId,
  }));
}

/** The entries the filters select, counted up to COUNT_CAP + 1 ("10,000+"). */
async function countEntries(db: Database, filters: ActivityFilters): Promise<number> {
  if (!filters.person) return cappedCount(db, sql`${accountEvents}`, conditions(filters));
  const [row] = await db.all<{ count: number }>(
    sql`SELECT min(count(*), ${COUNT_CAP + 1}) AS count FROM (${personUnion(filters, filters.person, null, COUNT_CAP + 1)})`,
  );
  return row?.count ?? 0;
}

/** One page of the log after `cursor`, with the capped count of the entries the filters select. */
export function activityPage(db: Database, filters: ActivityFilters, cursor: Cursor | null) {
  return keysetPage(
    cursor,
    ADMIN_PAGE_SIZE,
    (limit) => activityEntries(db, filters, cursor, limit),
    () => countEntries(db, filters),
    (entry) => new Date(entry.at),
  );
}

// ---------------------------------------------------------------- the CSV export

/** The most entries one export holds: the newest that match. */
export const EXPORT_ROW_CAP = 10_000;

const CSV_COLUMNS: [header: string, value: (entry: ActivityEntry) => CsvValue][] = [
  ["id", (entry) => entry.id],
  ["time_utc", (entry) => entry.at.replace(/\.\d{3}Z$/, "Z")],
  ["actor_id", (entry) => entry.actor.id],
  ["actor_email", (entry) => entry.actor.email],
  ["subject_id", (entry) => entry.subject],
  ["subject_email", (entry) => entry.subjectEmail],
  ["action", (entry) => entry.action],
  ["outcome", (entry) => entry.outcome],
  ["ip", (entry) => entry.ip],
  ["country", (entry) => entry.country],
  ["user_agent", (entry) => entry.userAgent],
  ["request_id", (entry) => entry.requestId],
];

/** The entries as a CSV document: a header row, then one record per entry. */
function activityCsv(entries: readonly ActivityEntry[]): string {
  return csvDocument(
    CSV_COLUMNS.map(([header]) => header),
    entries.map((entry) => CSV_COLUMNS.map(([, value]) => value(entry))),
  );
}

export interface ActivityExport {
  csv: string;
  filename: string;
  /** How many entries matched, counted up to 10,001; the file holds at most EXPORT_ROW_CAP of them. */
  total: number;
}

/**
 * The audit log's entries matching the query's filters (as GET /api/admin/activity reads them), newest
 * first and at most EXPORT_ROW_CAP, as a CSV file. Administrators only; the export is itself an entry
 * (`audit-exported`, the admin as actor).
 */
export const exportActivityCsv = guarded(
  { door: "admin", recent: true, schema: z.instanceof(URLSearchParams) },
  async (deps, caller, { me: admin, input: query }): Promise<Outcome<ActivityExport>> => {
    const filters = activityFilters(query);
    const [entries, total] = await Promise.all([
      activityEntries(deps.db, filters, null, EXPORT_ROW_CAP),
      countEntries(deps.db, filters),
    ]);
    await recordEvent(deps.db, caller, auditEntry(admin, "audit-exported", "success"));
    const date = new Date().toISOString().slice(0, 10);
    return done({ csv: activityCsv(entries), filename: `facets-activity-${date}.csv`, total });
  },
);
