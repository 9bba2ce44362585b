import { Form, Link } from "react-router";
import { publicUserTypes } from "~/content/user-types";
import { dashboardHref } from "~/lib/admin-tabs";
import { type ContactFilter, contactFilterParams } from "~/lib/contact-filter";
import { countLabel } from "~/lib/counts";
import { ADMIN_SEARCH_MAX } from "~/lib/field-limits";
import { STATE_VIEW_LABELS, STATE_VIEWS, type StateView } from "~/lib/message-states";
import { PAYMENT_METHODS, type PaymentMethod } from "~/lib/payment-methods";

// The filters of the queue of messages, with the count beside each value under the other filters (as
// Django's list_filter shows facets): the states as links, and a form of plain GET fields for the rest, so
// every filter works without JavaScript.

export interface Facets {
  state: Record<StateView, number>;
  area: Record<number, number>;
  payment: Record<PaymentMethod, number>;
  holder: { me: number; nobody: number };
}

const pill = (current: boolean) =>
  `inline-flex min-h-8 items-center gap-1 rounded-full px-3 py-1 text-sm font-semibold ${current ? "bg-brand text-white" : "bg-surface-muted text-ink hover:text-brand-strong"}`;

const field = "block rounded-lg border border-line bg-surface px-2 py-1 text-sm text-ink";

export function StateViews({ filter, facets }: { filter: ContactFilter; facets: Facets }) {
  return (
    <nav aria-label="Message states" className="mt-2">
      <ul className="flex flex-wrap gap-2">
        {STATE_VIEWS.map((state) => (
          <li key={state}>
            <Link
              to={dashboardHref("contacts", contactFilterParams({ ...filter, state }))}
              aria-current={filter.state === state ? "page" : undefined}
              className={pill(filter.state === state)}
            >
              {STATE_VIEW_LABELS[state]} ({countLabel(facets.state[state])})
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function FilterForm({ filter, facets }: { filter: ContactFilter; facets: Facets }) {
  return (
    <Form
      method="get"
      aria-label="Filter messages"
      className="mt-2 flex flex-wrap items-end gap-2"
      key={JSON.stringify(filter)}
    >
      <input type="hidden" name="tab" value="contacts" />
      {filter.state === "open" ? null : <input type="hidden" name="state" value={filter.state} />}
      <label className="text-sm font-medium">
        Search
        <input
          type="search"
          name="q"
          defaultValue={filter.query ?? ""}
          maxLength={ADMIN_SEARCH_MAX}
          aria-keyshortcuts="/"
          className={`${field} w-48`}
        />
      </label>
      <label className="text-sm font-medium">
        Area of interest
        <select name="area" defaultValue={filter.area ?? ""} className={`${field} w-52`}>
          <option value="">Any</option>
          {publicUserTypes.map((type) => (
            <option key={type.id} value={type.id}>
              {type.label} ({countLabel(facets.area[type.id] ?? 0)})
            </option>
          ))}
        </select>
      </label>
      <label className="text-sm font-medium">
        Payment method
        <select name="payment" defaultValue={filter.payment ?? ""} className={`${field} w-32`}>
          <option value="">Any</option>
          {PAYMENT_METHODS.map((method) => (
            <option key={method} value={method}>
              {method} ({countLabel(facets.payment[method])})
            </option>
          ))}
        </select>
      </label>
      <label className="text-sm font-medium">
        Holder
        <select name="holder" defaultValue={filter.holder ?? ""} className={`${field} w-36`}>
          <option value="">Anyone</option>
          <option value="me">Mine ({countLabel(facets.holder.me)})</option>
          <option value="nobody">Nobody ({countLabel(facets.holder.nobody)})</option>
        </select>
      </label>
      <label className="text-sm font-medium">
        Received from
        <input type="date" name="from" defaultValue={filter.from ?? ""} className={field} />
      </label>
      <label className="text-sm font-medium">
        to
        <input type="date" name="to" defaultValue={filter.to ?? ""} className={field} />
      </label>
      <button
        type="submit"
        className="inline-flex min-h-8 items-center rounded-full border border-brand px-3 py-1 text-sm font-semibold text-brand hover:bg-brand-soft"
      >
        Filter
      </button>
      <Link to={dashboardHref("contacts")} className="text-sm font-semibold text-brand underline">
        Clear
      </Link>
    </Form>
  );
}
