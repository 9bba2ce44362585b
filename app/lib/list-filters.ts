// The kinds of filter a staff list declares (as Django's ListFilter classes): each entry of a list's table
// of filters is one of these, and the list's parser, its address, its form, its SQL and its counts are
// derived from the table (contact-filter.ts is the queue's; docs/decisions/170).

/** A value a choice selects in its column, as stored; null is a column left empty. */
export type Stored = string | number | null;

/**
 * One of a few values, each with its words and its count beside it (Django's list_filter with facets):
 * a message's state, its area of interest, its payment method, who holds it.
 */
export interface ChoiceFilter<Value extends string | number, Fallback extends Value | null> {
  kind: "choice";
  param: string;
  label: string;
  choices: readonly { value: Value; label: string }[];
  /** What the list reads when the address names none of the choices. */
  fallback: Fallback;
  /** The words of "no filter" in a select; none where the fallback is itself a choice. */
  anyLabel?: string;
  /** The address's text as a value to look for among the choices (default: as it is). */
  coerce?: (raw: string) => unknown;
  /** The parameter as the list reads it, where an older address says it another way. */
  raw?: (params: URLSearchParams) => string | null;
  /**
   * Its column (the same name in `contact_submissions` and in `message_counts`, where an empty one is
   * `tallyNone`), and the stored values a choice selects there; `me` is the caller's account id.
   */
  column: string;
  tallyNone: string | number;
  holds: (value: Value, me: number) => readonly Stored[];
  /** Shown as links above the list (the states), or as a select of the filter form. */
  shown: "links" | "select";
  wide?: boolean;
}

/** One end of a span of days received, YYYY-MM-DD in UTC (Django's DateFieldListFilter). */
export interface DayFilter {
  kind: "day";
  param: string;
  label: string;
  edge: "first" | "last";
  fallback: null;
}

/** Words in a search box (Django's search_fields); the list reads them through its search index. */
export interface TextFilter {
  kind: "text";
  param: string;
  label: string;
  /** The text as the list reads it, or null when it holds nothing to look for. */
  read: (raw: string | null) => string | null;
  maxLength: number;
  fallback: null;
}

// biome-ignore lint/suspicious/noExplicitAny: a table mixes choices of every value type
export type AnyChoice = ChoiceFilter<any, any>;
export type ListFilter = AnyChoice | DayFilter | TextFilter;
export type FilterTable = Record<string, ListFilter>;

/** The value a filter of the table holds. */
export type FilterValue<F extends ListFilter> =
  F extends ChoiceFilter<infer V, infer D> ? V | D : F extends DayFilter | TextFilter ? string | null : never;

export type FilterValues<T extends FilterTable> = { -readonly [K in keyof T]: FilterValue<T[K]> };

/** The names of a table's filters of one kind. */
export type NamesOfKind<T extends FilterTable, Kind extends ListFilter["kind"]> = {
  [K in keyof T]: T[K]["kind"] extends Kind ? K : never;
}[keyof T] &
  string;

/** The table's entries, in its order, with their names. */
export const entriesOf = <T extends FilterTable>(table: T) =>
  Object.entries(table) as [keyof T & string, T[keyof T]][];

/** A text parameter trimmed and cut to `max` characters (code points, never half a pair), null when empty. */
export function textParam(raw: string | null, max: number): string | null {
  const text = Array.from(raw?.trim() ?? "")
    .slice(0, max)
    .join("");
  return text === "" ? null : text;
}

/** A day from the address: YYYY-MM-DD naming a real day, else null (no bound). */
export function dayParam(raw: string | null): string | null {
  if (!raw || !/^\d{4}-\d{2}-\d{2}$/.test(raw)) return null;
  const day = new Date(`${raw}T00:00:00Z`);
  return Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== raw ? null : raw;
}

function readFilter(filter: ListFilter, params: URLSearchParams): unknown {
  if (filter.kind === "text") return filter.read(params.get(filter.param));
  if (filter.kind === "day") return dayParam(params.get(filter.param));
  const raw = filter.raw ? filter.raw(params) : params.get(filter.param);
  if (raw === null) return filter.fallback;
  const wanted = filter.coerce ? filter.coerce(raw) : raw;
  return filter.choices.find((choice) => choice.value === wanted)?.value ?? filter.fallback;
}

/** The filters an address names; anything else, or anything malformed, is no filter (the fallback). */
export function parseFilters<T extends FilterTable>(table: T, params: URLSearchParams): FilterValues<T> {
  return Object.fromEntries(
    entriesOf(table).map(([name, filter]) => [name, readFilter(filter, params)]),
  ) as FilterValues<T>;
}

/** Every filter at its fallback: the plain list. */
export const fallbacksOf = <T extends FilterTable>(table: T): FilterValues<T> =>
  Object.fromEntries(entriesOf(table).map(([name, filter]) => [name, filter.fallback])) as FilterValues<T>;

/** The filters as the address's parameters, in the table's order; the fallbacks left out. */
export function filterParams<T extends FilterTable>(
  table: T,
  values: FilterValues<T>,
): Record<string, string | number | null> {
  return Object.fromEntries(
    entriesOf(table).map(([name, filter]) => {
      const value = values[name] as string | number | null;
      return [filter.param, value === filter.fallback ? null : value];
    }),
  );
}

/** The names of the filters that narrow the list (not at their fallback). */
export const narrowing = <T extends FilterTable>(table: T, values: FilterValues<T>): (keyof T & string)[] =>
  entriesOf(table)
    .filter(([name, filter]) => values[name] !== filter.fallback)
    .map(([name]) => name);
