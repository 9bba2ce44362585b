import { Form, Link } from "react-router";
import { publicUserTypes } from "~/content/user-types";
import { dashboardHref } from "~/lib/admin-tabs";
import { type ContactFilter, contactFilterParams, type MessageFacets } from "~/lib/contact-filter";
import { COUNT_CAP, countLabel } from "~/lib/counts";
import { ADMIN_SEARCH_MAX } from "~/lib/field-limits";
import { STATE_VIEW_LABELS, STATE_VIEWS } from "~/lib/message-states";
import { PAYMENT_METHODS } from "~/lib/payment-methods";

// The filters of the queue of messages, with the count beside each value under the other filters (as
// Django's list_filter shows facets): the states as links, and a form of plain GET fields for the rest, so
// every filter works without JavaScript.

const pill = (current: boolean) =>
  `inline-flex min-h-6 items-center gap-1 rounded-full px-2.5 py-0.5 text-sm font-semibold ${current ? "bg-brand text-white" : "bg-surface-muted text-ink hover:text-brand-strong"}`;

/** " (12)" after a value, when the counts were counted. */
const counted = (facets: MessageFacets, count: number) => (facets.counted ? ` (${countLabel(count)})` : "");

const field = "rounded-md border border-line bg-surface px-1.5 py-0.5 text-sm text-ink";
const label = "flex items-center gap-1 text-sm font-medium";

export function StateViews({ filter, facets }: { filter: ContactFilter; facets: MessageFacets }) {
  return (
    <nav aria-label="Message states">
      <ul className="flex flex-wrap items-center gap-1.5">
        {STATE_VIEWS.map((state) => (
          <li key={state}>
            <Link
              to={dashboardHref("contacts", contactFilterParams({ ...filter, state }))}
              aria-current={filter.state === state ? "page" : undefined}
              className={pill(filter.state === state)}
            >
              {STATE_VIEW_LABELS[state]}
              {counted(facets, facets.state[state])}
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
  );
}

export function FilterForm({
  filter,
  facets,
  textNote,
}: {
  filter: ContactFilter;
  facets: MessageFacets;
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
      {filter.state === "open" ? null : <input type="hidden" name="state" value={filter.state} />}
      <label className={label}>
        Search
        <input
          type="search"
          name="q"
          defaultValue={filter.query ?? ""}
          maxLength={ADMIN_SEARCH_MAX}
          aria-keyshortcuts="/"
          className={`${field} w-36`}
        />
      </label>
      <label className={label}>
        Area of interest
        <select name="area" defaultValue={filter.area ?? ""} className={`${field} w-40`}>
          <option value="">Any</option>
          {publicUserTypes.map((type) => (
            <option key={type.id} value={type.id}>
              {type.label}
              {counted(facets, facets.area[type.id] ?? 0)}
            </option>
          ))}
        </select>
      </label>
      <label className={label}>
        Payment method
        <select name="payment" defaultValue={filter.payment ?? ""} className={`${field} w-28`}>
          <option value="">Any</option>
          {PAYMENT_METHODS.map((method) => (
            <option key={method} value={method}>
              {method}
              {counted(facets, facets.payment[method])}
            </option>
          ))}
        </select>
      </label>
      <label className={label}>
        Holder
        <select name="holder" defaultValue={filter.holder ?? ""} className={`${field} w-28`}>
          <option value="">Anyone</option>
          <option value="me">Mine{counted(facets, facets.holder.me)}</option>
          <option value="nobody">Nobody{counted(facets, facets.holder.nobody)}</option>
        </select>
      </label>
      <label className={label}>
        From
        <input type="date" name="from" defaultValue={filter.from ?? ""} className={field} />
      </label>
      <label className={label}>
        to
        <input type="date" name="to" defaultValue={filter.to ?? ""} className={field} />
      </label>
      <button
        type="submit"
        className="inline-flex min-h-6 items-center rounded-full border border-brand px-3 py-0.5 text-sm font-semibold text-brand hover:bg-brand-soft"
      >
        Filter
      </button>
      {textNote ? <p className="text-xs text-ink-muted">{textNote}</p> : null}
      {facets.counted ? null : (
        <p className="text-xs text-ink-muted">
          No counts: more than {countLabel(COUNT_CAP)} messages hold this text.
        </p>
      )}
    </Form>
  );
}
