import { and, count, desc, eq, gte, lt, type SQL } from "drizzle-orm";
import { accountEvents, auditEmails } from "../../db/schema";
import { ADMIN_PAGE_SIZE } from "./admin-lists.server";
import { sha256Hex } from "./audit-chain";
import type { Database } from "./db.server";

// The audit log as the admins read it (issue 19): entries newest first, filtered by actor, subject, action
// and date, 50 a page. The actor's address is the one they had at the time, from its digest; an address
// erased since reads null.

export interface ActivityFilters {
  /** An account id, or an address (matched by its digest). */
  actor: string | null;
  subject: number | null;
  action: string | null;
  /** Inclusive start and exclusive end, as dates (YYYY-MM-DD, UTC) or ISO times. */
  from: Date | null;
  to: Date | null;
}

export interface ActivityEntry {
  id: number;
  at: string;
  actor: { id: number | null; email: string | null };
  subject: number | null;
  action: string;
  outcome: string;
  ip: string | null;
  userAgent: string | null;
  country: string | null;
}

function dateOf(raw: string | null): Date | null {
  if (!raw || !/^\d{4}-\d\d-\d\d([T ][\d:.]+Z?)?$/.test(raw)) return null;
  const date = new Date(raw.length === 10 ? `${raw}T00:00:00Z` : raw);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The filters of a request's query string; anything malformed is left out rather than refused. */
export function activityFilters(params: URLSearchParams): ActivityFilters {
  const text = (name: string) => params.get(name)?.trim().slice(0, 200) || null;
  const subject = Number(params.get("subject"));
  return {
    actor: text("actor")?.toLowerCase() ?? null,
    subject: Number.isSafeInteger(subject) && subject > 0 ? subject : null,
    action: text("action"),
    from: dateOf(text("from")),
    to: dateOf(text("to")),
  };
}

function conditions(filters: ActivityFilters): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (filters.actor) {
    parts.push(
      /^\d+$/.test(filters.actor)
        ? eq(accountEvents.actorId, Number(filters.actor))
        : eq(accountEvents.actorEmailSha256, sha256Hex(filters.actor)),
    );
  }
  if (filters.subject) parts.push(eq(accountEvents.subjectId, filters.subject));
  if (filters.action) parts.push(eq(accountEvents.action, filters.action));
  if (filters.from) parts.push(gte(accountEvents.at, filters.from));
  if (filters.to) parts.push(lt(accountEvents.at, filters.to));
  return parts.length > 0 ? and(...parts) : undefined;
}

export async function activityPage(db: Database, filters: ActivityFilters, page: number) {
  const where = conditions(filters);
  const [rows, [total]] = await Promise.all([
    db
      .select({ entry: accountEvents, email: auditEmails.email })
      .from(accountEvents)
      .leftJoin(auditEmails, eq(auditEmails.sha256, accountEvents.actorEmailSha256))
      .where(where)
      .orderBy(desc(accountEvents.id))
      .limit(ADMIN_PAGE_SIZE)
      .offset((page - 1) * ADMIN_PAGE_SIZE),
    db.select({ n: count() }).from(accountEvents).where(where),
  ]);
  const items: ActivityEntry[] = rows.map(({ entry, email }) => ({
    id: entry.id,
    at: entry.at.toISOString(),
    actor: { id: entry.actorId, email },
    subject: entry.subjectId,
    action: entry.action,
    outcome: entry.outcome,
    ip: entry.ip,
    userAgent: entry.userAgent,
    country: entry.country,
  }));
  return { items, total: total?.n ?? 0, page, pageSize: ADMIN_PAGE_SIZE };
}
