import { and, getTableColumns, gte, inArray, isNull, lt, lte, or, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { CHOICE_FILTERS, CONTACT_FILTERS, type ContactFilter } from "~/lib/contact-filter";
import { type AnyChoice, entriesOf, type ListFilter, type Stored } from "~/lib/list-filters";
import { CLOSED_STATES, type MessageState, statesOfView } from "~/lib/message-states";
import { contactSubmissions } from "../../../db/schema";

// The queue's filters (lib/contact-filter.ts) as conditions, derived from their declarations, three ways
// that mean the same (docs/decisions/170): SQL on the messages, SQL on `message_counts` (the counts kept as
// they change, db/migrations/0019), and JavaScript on the groups of messages every count beside the
// filters is summed from. A choice selects the stored values its declaration holds, in its one column.
// The text is read through the search index (queue-text.server.ts), and never tallied.

type Kind = ListFilter["kind"];
const WITHOUT_TEXT: readonly Kind[] = ["choice", "day"];
export const DAY_SECONDS = 86_400;
const dayStart = (day: string): number => Date.parse(`${day}T00:00:00Z`) / 1000;
/** A YYYY-MM-DD day (UTC) as `message_counts` numbers it: whole days since 1970-01-01. */
export const dayNumber = (day: string): number => Math.floor(dayStart(day) / DAY_SECONDS);

/** The columns the choice filters read: the groups every count beside the filters is summed from. */
export const FACET_COLUMNS = [...new Set(CHOICE_FILTERS.map(([, filter]) => filter.column))];

/** How `message_counts` writes an empty value of each of those columns. */
export const CHOICE_TALLY: Record<string, string | number> = Object.fromEntries(
  CHOICE_FILTERS.map(([, filter]) => [filter.column, filter.tallyNone]),
);

const rowColumns = Object.values(getTableColumns(contactSubmissions)) as SQLiteColumn[];
function rowColumn(name: string): SQLiteColumn {
  const column = rowColumns.find((candidate) => candidate.name === name);
  if (!column) throw new Error(`contact_submissions has no column ${name}`);
  return column;
}

const sameStates = (states: readonly Stored[], set: readonly MessageState[]) =>
  states.length === set.length && set.every((state) => states.includes(state));

/**
 * A set of states as SQL on the messages: every open one or every closed one by `is_processed`, which
 * D1 holds true exactly for the closed states (CHECK contact_closed) and the queue's order is indexed by.
 */
function statesWhere(states: readonly Stored[]): SQL {
  if (sameStates(states, CLOSED_STATES)) return sql`${contactSubmissions.isProcessed} = 1`;
  if (sameStates(states, statesOfView("open"))) return sql`${contactSubmissions.isProcessed} = 0`;
  return inArray(contactSubmissions.state, states as MessageState[]);
}

function valuesWhere(column: SQLiteColumn, values: readonly Stored[]): SQL | undefined {
  const stored = values.filter((value) => value !== null);
  return or(
    stored.length === 0 ? undefined : inArray(column, stored),
    values.includes(null) ? isNull(column) : undefined,
  );
}

const tallyColumn = (name: string) => sql.raw(`message_counts.${name}`);

/** Each declared filter of these kinds that the filter sets, as SQL on the messages (`rows`) or the tally. */
function conditions(
  filter: ContactFilter,
  me: number,
  kinds: readonly Kind[],
  on: "rows" | "tally",
): SQL | undefined {
  return and(
    ...entriesOf(CONTACT_FILTERS).map(([name, declared]) => {
      const value = filter[name];
      if (value === null || !kinds.includes(declared.kind)) return undefined;
      if (declared.kind === "day") return dayWhere(declared.edge, value as string, on);
      if (declared.kind !== "choice") return undefined;
      const held = (declared as AnyChoice).holds(value, me);
      if (on === "tally") {
        const none = (declared as AnyChoice).tallyNone;
        return inArray(tallyColumn(declared.column), [...new Set(held.map((stored) => stored ?? none))]);
      }
      return declared.column === "state" ? statesWhere(held) : valuesWhere(rowColumn(declared.column), held);
    }),
  );
}

function dayWhere(edge: "first" | "last", day: string, on: "rows" | "tally"): SQL {
  if (on === "tally") {
    const column = tallyColumn("day");
    return edge === "first" ? gte(column, dayNumber(day)) : lte(column, dayNumber(day));
  }
  const { createdAt } = contactSubmissions;
  return edge === "first"
    ? gte(createdAt, new Date(dayStart(day) * 1000))
    : lt(createdAt, new Date((dayStart(day) + DAY_SECONDS) * 1000));
}

/** Every filter of these kinds (all but the text by default) as SQL on the messages, for the caller `me`. */
export const rowsWhere = (filter: ContactFilter, me: number, kinds: readonly Kind[] = WITHOUT_TEXT) =>
  conditions(filter, me, kinds, "rows");

/** Every filter of these kinds (all but the text by default) as SQL on `message_counts`. */
export const tallyWhere = (filter: ContactFilter, me: number, kinds: readonly Kind[] = WITHOUT_TEXT) =>
  conditions(filter, me, kinds, "tally");

/** The days received alone, as SQL on the messages: what the groups of a text are read under. */
export const daysWhere = (filter: ContactFilter) => rowsWhere(filter, 0, ["day"]);

/** A group of messages by the choice filters' columns: how many there are with these values. */
export type MessageGroup = Record<string, Stored> & { n: number };

/** Whether a group of messages (of the filter's days and text) passes every choice the filter sets. */
export function groupSelected(group: MessageGroup, filter: ContactFilter, me: number): boolean {
  return CHOICE_FILTERS.every(([name, declared]) => {
    const value = filter[name];
    return value === null || declared.holds(value, me).includes(group[declared.column] ?? null);
  });
}
