import { publicUserTypes } from "~/content/user-types";
import { ADMIN_SEARCH_MAX } from "./field-limits";
import {
  type AnyChoice,
  type ChoiceFilter,
  type DayFilter,
  entriesOf,
  type FilterTable,
  type FilterValues,
  fallbacksOf,
  filterParams,
  type NamesOfKind,
  narrowing,
  parseFilters,
  type TextFilter,
  textParam,
} from "./list-filters";
import { STATE_VIEW_LABELS, STATE_VIEWS, type StateView, statesOfView } from "./message-states";
import { PAYMENT_METHODS } from "./payment-methods";
import { searchesAnything } from "./search-query";

// The filters of the workbench's queue of messages, each declared once (docs/decisions/170): its address
// parameter (/admin?tab=contacts&state=…&q=…&area=…&payment=…&holder=…&link=…&from=…&to=…), its choices and words,
// and the stored values a choice selects. The parser, the tab's links and form, the SQL on the messages and
// on `message_counts`, and the counts beside each choice are derived from this table (list-filters.ts;
// app/server/contact/filter-conditions.server.ts). A new filter is one entry here, and a migration where
// `message_counts` must count its column.

const choice = <Value extends string | number, Fallback extends Value | null>(
  filter: Omit<ChoiceFilter<Value, Fallback>, "kind">,
): ChoiceFilter<Value, Fallback> => ({ kind: "choice", ...filter });

const day = (param: string, label: string, edge: DayFilter["edge"]): DayFilter => ({
  kind: "day",
  param,
  label,
  edge,
  fallback: null,
});

/** Words in a name, the address or the message: trimmed, bounded (`parseContactFilter` wants a word). */
const text: TextFilter = {
  kind: "text",
  param: "q",
  label: "Search",
  maxLength: ADMIN_SEARCH_MAX,
  read: (raw) => textParam(raw, ADMIN_SEARCH_MAX),
  fallback: null,
};

export const CONTACT_FILTERS = {
  state: choice<StateView, "open">({
    param: "state",
    label: "Message states",
    choices: STATE_VIEWS.map((view) => ({ value: view, label: STATE_VIEW_LABELS[view] })),
    fallback: "open",
    // Before the states came, the processed messages were `view=processed`: they are the Done ones.
    raw: (params) => params.get("state") ?? (params.get("view") === "processed" ? "done" : null),
    column: "state",
    tallyNone: "",
    holds: (view) => statesOfView(view),
    shown: "links",
  }),
  query: text,
  area: choice<number, null>({
    param: "area",
    label: "Area of interest",
    choices: publicUserTypes.map((type) => ({ value: type.id, label: type.label })),
    fallback: null,
    anyLabel: "Any",
    coerce: Number,
    column: "user_type_id",
    tallyNone: 0,
    holds: (area) => [area],
    shown: "select",
    wide: true,
  }),
  payment: choice<(typeof PAYMENT_METHODS)[number], null>({
    param: "payment",
    label: "Payment method",
    choices: PAYMENT_METHODS.map((method) => ({ value: method, label: method })),
    fallback: null,
    anyLabel: "Any",
    column: "payment_method",
    tallyNone: "",
    holds: (method) => [method],
    shown: "select",
  }),
  holder: choice<"me" | "nobody", null>({
    param: "holder",
    label: "Holder",
    choices: [
      { value: "me", label: "Mine" },
      { value: "nobody", label: "Nobody" },
    ],
    fallback: null,
    anyLabel: "Anyone",
    column: "claimed_by",
    tallyNone: 0,
    holds: (holder, me) => (holder === "me" ? [me] : [null]),
    shown: "select",
  }),
  link: choice<"yes" | "no", null>({
    param: "link",
    label: "Links",
    choices: [
      { value: "yes", label: "Has a link" },
      { value: "no", label: "No link" },
    ],
    fallback: null,
    anyLabel: "Any link",
    // Written when the message arrives (lib/message-links.ts; migration 0030 for the ones before).
    column: "has_link",
    // Never empty: 0 is "no link", not a missing value, so nothing is read as none.
    tallyNone: -1,
    holds: (link) => [link === "yes" ? 1 : 0],
    // Beside the states, as links: the form's one line holds no more fields at 1440 px (decision 171).
    shown: "links",
  }),
  from: day("from", "From", "first"),
  to: day("to", "to", "last"),
} satisfies FilterTable;

export type ContactFilters = typeof CONTACT_FILTERS;
export type ContactFilter = FilterValues<ContactFilters>;
export type ChoiceName = NamesOfKind<ContactFilters, "choice">;

/** The choice filters, in the table's order, with their names: the ones counted beside their choices. */
export const CHOICE_FILTERS = entriesOf(CONTACT_FILTERS).flatMap(([name, filter]) =>
  filter.kind === "choice" ? [[name as ChoiceName, filter as AnyChoice] as const] : [],
);

/** The plain queue: the open messages, nothing else narrowing them. */
export const ANY_MESSAGE: ContactFilter = fallbacksOf(CONTACT_FILTERS);

/**
 * The queue's filters from its address; anything else, or anything malformed, is no filter, and a text
 * with no word to search for (punctuation alone) is no text. Read on the server only: the browser's bundle
 * carries neither the parser nor the search's words.
 */
export function parseContactFilter(params: URLSearchParams): ContactFilter {
  const filter = parseFilters(CONTACT_FILTERS, params);
  return filter.query !== null && !searchesAnything(filter.query) ? { ...filter, query: null } : filter;
}

/** The filter as the tab's query parameters, in the table's order; the defaults left out. */
export const contactFilterParams = (filter: ContactFilter): Record<string, string | number | null> =>
  filterParams(CONTACT_FILTERS, filter);

/** Whether the filter narrows the open messages at all (the spec's empty state is for the plain list). */
export const narrows = (filter: ContactFilter): boolean => narrowing(CONTACT_FILTERS, filter).length > 0;

/**
 * The counts beside each choice of each choice filter (keyed by the choice's value), each under every
 * other filter, as the list would show it; not `counted` under a text too many messages hold (the
 * choices then stand without counts, until asked for); null where a count asked for was not counted.
 */
export type MessageFacets = { counted: boolean } & { [K in ChoiceName]: Record<string, number | null> };
