import { Form, Link } from "react-router";
import { dashboardHref } from "~/lib/admin-tabs";
import {
  CHOICE_FILTERS,
  type ChoiceName,
  CONTACT_FILTERS,
  type ContactFilter,
  type ContactFilters,
  contactFilterParams,
  type MessageFacets,
} from "~/lib/contact-filter";
import { countLabel, SHOW_COUNTS } from "~/lib/counts";
import { type AnyChoice, entriesOf, type ListFilter } from "~/lib/list-filters";

// The filters of the queue of messages, drawn from their declarations (lib/contact-filter.ts), with the
// count beside each choice under the other filters (as Django's list_filter shows facets): the states as
// links, and a form of plain GET fields for the rest, so every filter works without JavaScript.

const pill = (current: boolean) =>
  `inline-flex min-h-6 items-center gap-1 rounded-full px-2.5 py-0.5 text-sm font-semibold ${current ? "bg-brand text-white" : "bg-surface-muted text-ink hover:text-brand-strong"}`;

/** " (12)" after a value, when the counts were counted ("not counted" where one asked for was not). */
const counted = (facets: MessageFacets, count: number | null = 0) =>
  facets.counted ? ` (${count === null ? "not counted" : countLabel(count)})` : "";

const field = "rounded-md border border-line bg-surface px-1.5 py-0.5 text-sm text-ink";
const label = "flex items-center gap-1 text-sm font-medium";

/** The queue's address for a filter, asking for the counts beside it under a text when `showCounts`. */
const contactsHref = (filter: ContactFilter, showCounts: boolean) =>
  dashboardHref("contacts", {
    ...contactFilterParams(filter),
    [SHOW_COUNTS.param]: showCounts && filter.query !== null ? SHOW_COUNTS.value : null,
  });

/** The filters shown as links above the list (the states), each choice a link with its count. */
export function StateViews({
  filter,
  facets,
  showCounts,
}: {
  filter: ContactFilter;
  facets: MessageFacets;
  showCounts: boolean;
}) {
  const links = CHOICE_FILTERS.filter(([, declared]) => declared.shown === "links");
  return links.map(([name, declared]) => (
    <nav key={name} aria-label={declared.label}>
      <ul className="flex flex-wrap items-center gap-1.5">
        {declared.choices.map(({ value, label: words }) => (
          <li key={value}>
            <Link
              to={contactsHref({ ...filter, [name]: value }, showCounts)}
              aria-current={filter[name] === value ? "page" : undefined}
              className={pill(filter[name] === value)}
            >
              {words}
              {counted(facets, facets[name][String(value)])}
            </Link>
          </li>
        ))}
        <li>
          <Link to={dashboardHref("contacts")} className="text-sm font-semibold text-brand underline">
            Clear filters
          </Link>
        </li>
      </ul>
    </nav>
  ));
}

/** One filter of the form, as its kind is shown: a search box, a select with counts, or a day. */
function FilterField({
  name,
  declared,
  filter,
  facets,
}: {
  name: keyof ContactFilters;
  declared: ListFilter;
  filter: ContactFilter;
  facets: MessageFacets;
}) {
  const value = filter[name];
  if (declared.kind === "text") {
    return (
      <label className={label}>
        {declared.label}
        <input
          type="search"
          name={declared.param}
          defaultValue={value ?? ""}
          maxLength={declared.maxLength}
          aria-keyshortcuts="/"
          className={`${field} w-36`}
        />
      </label>
    );
  }
  if (declared.kind === "day") {
    return (
      <label className={label}>
        {declared.label}
        <input type="date" name={declared.param} defaultValue={value ?? ""} className={field} />
      </label>
    );
  }
  if (declared.shown === "links") {
    return value === declared.fallback ? null : (
      <input type="hidden" name={declared.param} value={value ?? ""} />
    );
  }
  const counts = facets[name as ChoiceName];
  return (
    <label className={label}>
      {declared.label}
      <select
        name={declared.param}
        defaultValue={value ?? ""}
        className={`${field} ${declared.wide ? "w-40" : "w-28"}`}
      >
        <option value="">{declared.anyLabel}</option>
        {declared.choices.map((choice: AnyChoice["choices"][number]) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
            {counted(facets, counts[String(choice.value)])}
          </option>
        ))}
      </select>
    </label>
  );
}

/** Under a text the counts beside the filters are read when asked for (decision 175), as Django's facets. */
function CountsNote({ filter }: { filter: ContactFilter }) {
  return (
    <p className="text-xs text-ink-muted">
      No counts under a text.{" "}
      <Link to={contactsHref(filter, true)} className="font-semibold text-brand underline">
        Show counts
      </Link>
    </p>
  );
}

export function FilterForm({
  filter,
  facets,
  showCounts,
  textNote,
}: {
  filter: ContactFilter;
  facets: MessageFacets;
  showCounts: boolean;
  /** How the text was read (short words left out, or short words alone taken as names). */
  textNote: string | null;
}) {
  return (
    <Form
      method="get"
      aria-label="Filter messages"
      className="mt-1.5 flex flex-wrap items-center gap-x-3 gap-y-1"
      key={JSON.stringify(filter)}
    >
      <input type="hidden" name="tab" value="contacts" />
      {showCounts ? <input type="hidden" name={SHOW_COUNTS.param} value={SHOW_COUNTS.value} /> : null}
      {entriesOf(CONTACT_FILTERS).map(([name, declared]) => (
        <FilterField key={name} name={name} declared={declared} filter={filter} facets={facets} />
      ))}
      <button
        type="submit"
        className="inline-flex min-h-6 items-center rounded-full border border-brand px-3 py-0.5 text-sm font-semibold text-brand hover:bg-brand-soft"
      >
        Filter
      </button>
      {textNote ? <p className="text-xs text-ink-muted">{textNote}</p> : null}
      {facets.counted ? null : <CountsNote filter={filter} />}
    </Form>
  );
}
