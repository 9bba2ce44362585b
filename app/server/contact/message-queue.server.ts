import { and, eq, gte, isNotNull, isNull, lt, or, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { publicUserTypes } from "~/content/user-types";
import type { ContactFilter } from "~/lib/contact-filter";
import { COUNT_CAP } from "~/lib/counts";
import { isClosedState, STATE_VIEWS, type StateView } from "~/lib/message-states";
import { PAYMENT_METHODS, type PaymentMethod } from "~/lib/payment-methods";
import { ftsMatch } from "~/lib/search-query";
import { contactSubmissions, users } from "../../../db/schema";
import type { Database } from "../db.server";
import {
  afterCursor,
  type Cursor,
  cappedCount,
  type Keyset,
  keysetOrder,
  keysetPage,
} from "../keyset.server";
import { tallied, talliedCount } from "./message-counts.server";
import { groupedCount, textGroups } from "./text-facets.server";

// The workbench's queue of contact messages (docs/decisions/152-message-states-and-claims.md): one list
// narrowed by state, area of interest, payment method, the day received, who holds it and a text query;
// open messages oldest first, closed ones newest first, paged by keyset; and the counts beside each filter
// (Django's list_filter with facets), each under the other filters.

export type { ContactFilter };

const DAY_SECONDS = 86_400;
const dayStart = (day: string): number => Date.parse(`${day}T00:00:00Z`) / 1000;

/**
 * Whether a column holds the query as a substring, ignoring ASCII case: `instr`, not LIKE, so `%`, `_` and
 * `\\` mean themselves and a query of any length works (D1 refuses a LIKE pattern over 50 bytes).
 */
const holds = (column: SQLWrapper, query: string) => sql`instr(lower(${column}), lower(${query})) > 0`;

function stateWhere(state: StateView): SQL {
  return state === "open" ? eq(contactSubmissions.isProcessed, false) : eq(contactSubmissions.state, state);
}

/**
 * How a text filter is read: from the search index, when it finds few messages (an address, a name), or by
 * the queue's own order, when the words are everywhere ("token"): reading 200,000 ids from the index and
 * sorting them took 557 ms, where the queue in order meets fifty matches at once.
 */
export type TextPlan = "index" | "scan";

/** Below this many index matches a text filter reads the index. */
const NARROW = 2_000;

export async function textPlan(db: Database, filter: ContactFilter): Promise<TextPlan> {
  const match = filter.query === null ? null : ftsMatch(filter.query);
  if (match === null) return "scan";
  const [row] = await db.all<{ n: number }>(
    sql`SELECT count(*) AS n FROM (SELECT 1 FROM messages_search WHERE messages_search MATCH ${match} LIMIT ${NARROW})`,
  );
  return (row?.n ?? 0) < NARROW ? "index" : "scan";
}

/** The filter as SQL, for the caller `adminId` (whose "mine" it is); `plan` says how its text is read. */
export function contactWhere(
  filter: ContactFilter,
  adminId: number,
  plan: TextPlan = "scan",
): SQL | undefined {
  const { area, payment, from, to, holder, query } = filter;
  return and(
    stateWhere(filter.state),
    area === null ? undefined : eq(contactSubmissions.userTypeId, area),
    payment === null ? undefined : eq(contactSubmissions.paymentMethod, payment),
    daysWhere(from, to),
    holder === "me" ? eq(contactSubmissions.claimedBy, adminId) : undefined,
    holder === "nobody" ? isNull(contactSubmissions.claimedBy) : undefined,
    textWhere(query, plan),
  );
}

function daysWhere(from: string | null, to: string | null): SQL | undefined {
  return and(
    from === null ? undefined : gte(contactSubmissions.createdAt, new Date(dayStart(from) * 1000)),
    to === null ? undefined : lt(contactSubmissions.createdAt, new Date((dayStart(to) + DAY_SECONDS) * 1000)),
  );
}

const textWhere = (query: string | null, plan: TextPlan) =>
  query === null ? undefined : and(plan === "index" ? indexed(query) : undefined, holdsQuery(query));

/**
 * The messages the search index finds for every word of 3 characters or more of the query: a superset of
 * those that hold it (the index ignores case and accents), read from the index instead of a scan of every
 * message (docs/decisions/155). None when no word is that long.
 */
function indexed(query: string): SQL | undefined {
  const match = ftsMatch(query);
  return match === null
    ? undefined
    : sql`${contactSubmissions.id} IN (SELECT rowid FROM messages_search WHERE messages_search MATCH ${match})`;
}

const holdsQuery = (query: string) =>
  or(
    holds(contactSubmissions.firstName, query),
    holds(contactSubmissions.lastName, query),
    holds(sql`${contactSubmissions.firstName} || ' ' || ${contactSubmissions.lastName}`, query),
    holds(contactSubmissions.email, query),
    holds(contactSubmissions.message, query),
  );

/** Open messages oldest first (a queue); Done and Spam newest first (a record). */
export function queueKeyset(state: StateView): Keyset {
  return {
    at: contactSubmissions.createdAt,
    id: contactSubmissions.id,
    direction: state !== "open" && isClosedState(state) ? "desc" : "asc",
  };
}

const claimer = alias(users, "claimer");
const closer = alias(users, "closer");

const queueFields = {
  id: contactSubmissions.id,
  firstName: contactSubmissions.firstName,
  lastName: contactSubmissions.lastName,
  email: contactSubmissions.email,
  company: contactSubmissions.company,
  phone: contactSubmissions.phone,
  userTypeId: contactSubmissions.userTypeId,
  message: contactSubmissions.message,
  paymentMethod: contactSubmissions.paymentMethod,
  createdAt: contactSubmissions.createdAt,
  state: contactSubmissions.state,
  claimedBy: contactSubmissions.claimedBy,
  claimedByName: sql<string | null>`${claimer.firstName} || ' ' || ${claimer.lastName}`,
  processedAt: contactSubmissions.processedAt,
  processedBy: contactSubmissions.processedBy,
  processedByName: sql<string | null>`${closer.firstName} || ' ' || ${closer.lastName}`,
};

export type QueuedMessage = Awaited<ReturnType<typeof listMessages>>[number];

function listMessages(
  db: Database,
  filter: ContactFilter,
  adminId: number,
  cursor: Cursor | null,
  limit: number,
  plan: TextPlan,
) {
  const keyset = queueKeyset(filter.state);
  return db
    .select(queueFields)
    .from(contactSubmissions)
    .leftJoin(claimer, eq(claimer.id, contactSubmissions.claimedBy))
    .leftJoin(closer, eq(closer.id, contactSubmissions.processedBy))
    .where(and(contactWhere(filter, adminId, plan), afterCursor(keyset, cursor)))
    .orderBy(...keysetOrder(keyset))
    .limit(limit);
}

/**
 * The count of the messages the filter selects: exact from `message_counts` when the filter has no text,
 * else counted from the messages up to the cap.
 */
export function countMessages(
  db: Database,
  filter: ContactFilter,
  adminId: number,
  plan: TextPlan = "scan",
): Promise<number> {
  if (tallied(filter)) return talliedCount(db, filter, adminId);
  return cappedCount(db, sql`${contactSubmissions}`, contactWhere(filter, adminId, plan));
}

/** One page of the queue after `cursor`, with the capped count of the whole selection. */
export async function messagesPage(
  db: Database,
  filter: ContactFilter,
  adminId: number,
  cursor: Cursor | null,
  pageSize: number,
) {
  const plan = await textPlan(db, filter);
  return keysetPage(
    cursor,
    pageSize,
    (limit) => listMessages(db, filter, adminId, cursor, limit, plan),
    // A count needs no order: it reads the index's matches whatever the list's plan.
    () => countMessages(db, filter, adminId, "index"),
    (row) => row.createdAt,
  );
}

/**
 * The counts beside each filter's values: each under every other filter, as the list would show it; not
 * `counted` under a text that more than COUNT_CAP messages hold.
 */
export interface MessageFacets {
  counted: boolean;
  state: Record<StateView, number>;
  area: Record<number, number>;
  payment: Record<PaymentMethod, number>;
  holder: { me: number; nobody: number };
}

const UNCOUNTED: MessageFacets = {
  counted: false,
  state: { open: 0, new: 0, waiting: 0, done: 0, spam: 0 },
  area: {},
  payment: { BTC: 0, SOL: 0, USDT: 0 },
  holder: { me: 0, nobody: 0 },
};

export async function messageFacets(
  db: Database,
  filter: ContactFilter,
  adminId: number,
): Promise<MessageFacets> {
  // Under a text filter, one grouped pass over the messages that hold it (up to the cap), instead of
  // eighteen counts. Past the cap the counts would be of some of them: none is shown.
  const groups =
    filter.query === null
      ? null
      : await textGroups(
          db,
          and(textWhere(filter.query, await textPlan(db, filter)), daysWhere(filter.from, filter.to)),
          COUNT_CAP,
        );
  if (groups !== null && groups.reduce((sum, group) => sum + group.n, 0) > COUNT_CAP) return UNCOUNTED;
  const count = (change: Partial<ContactFilter>) =>
    groups === null
      ? countMessages(db, { ...filter, ...change }, adminId)
      : groupedCount(groups, { ...filter, ...change }, adminId);
  const areaIds = publicUserTypes.map((type) => type.id);
  const [states, areas, payments, me, nobody] = await Promise.all([
    Promise.all(STATE_VIEWS.map((state) => count({ state }))),
    Promise.all(areaIds.map((area) => count({ area }))),
    Promise.all(PAYMENT_METHODS.map((payment) => count({ payment }))),
    count({ holder: "me" }),
    count({ holder: "nobody" }),
  ]);
  return {
    counted: true,
    state: Object.fromEntries(STATE_VIEWS.map((state, i) => [state, states[i] ?? 0])) as Record<
      StateView,
      number
    >,
    area: Object.fromEntries(areaIds.map((area, i) => [area, areas[i] ?? 0])),
    payment: Object.fromEntries(PAYMENT_METHODS.map((method, i) => [method, payments[i] ?? 0])) as Record<
      PaymentMethod,
      number
    >,
    holder: { me, nobody },
  };
}

/** Whether anyone holds the message; for the claim's answer. */
export async function holderOf(db: Database, id: number) {
  const [row] = await db
    .select({
      claimedBy: contactSubmissions.claimedBy,
      name: sql<string | null>`${claimer.firstName} || ' ' || ${claimer.lastName}`,
    })
    .from(contactSubmissions)
    .leftJoin(claimer, eq(claimer.id, contactSubmissions.claimedBy))
    .where(eq(contactSubmissions.id, id));
  return row ?? null;
}

export const heldMessages = (adminId: number) =>
  and(isNotNull(contactSubmissions.claimedBy), eq(contactSubmissions.claimedBy, adminId));

/** The newest message's id: a bulk move of "all matching" reaches no further than what was on show. */
export async function newestMessageId(db: Database): Promise<number | null> {
  const [row] = await db
    .select({ id: sql<number | null>`max(${contactSubmissions.id})` })
    .from(contactSubmissions);
  return row?.id ?? null;
}
