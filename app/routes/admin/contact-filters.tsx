import { Form, Link } from "react-router";
import { dashboardHref } from "~/lib/admin-tabs";
import { type BulkScope, SCOPE_PARAM } from "~/lib/bulk-moves";
import type { FilterField, FilterView } from "./contact-filter-view.server";

// The filters of the queue of messages, with the count beside each choice under the other filters (as
// Django's list_filter shows facets): the states as links, and a form of plain GET fields for the rest, so
// every filter works without JavaScript. Drawn from the view the tab's loader made of their declarations
// (contact-filter-view.server.ts), so none of the table reaches the browser.

const pill = (current: boolean) =>
  `inline-flex min-h-6 items-center gap-1 rounded-full px-2 py-0.5 text-sm font-semibold ${current ? "bg-brand text-white" : "bg-surface-muted text-ink hover:text-brand-strong"}`;

const field = "rounded-md border border-line bg-surface px-1.5 py-0.5 text-sm text-ink";
const label = "flex items-center gap-1 text-sm font-medium";

/** The filters shown as links above the list (the states, the links), each choice a link with its count. */
// The states and the Links share the list's heading line with its title: tight pills, so that with a
// busy queue's counts ("Spam (1,602)") they still fit one line at 1440 and twenty rows stay in view.
export function StateViews({ view }: { view: FilterView }) {
  return view.links.map((links, at) => (
    <nav key={links.label} aria-label={links.label}>
      <ul className="flex flex-wrap items-center gap-1">
        {links.choices.map((choice) => (
          <li key={choice.href}>
            <Link
              to={choice.href}
              aria-current={choice.current ? "page" : undefined}
              className={pill(choice.current)}
            >
              {choice.label}
            </Link>
          </li>
        ))}
        {at === view.links.length - 1 && (
          <li>
            <Link to={dashboardHref("contacts")} className="text-sm font-semibold text-brand underline">
              Clear filters
            </Link>
          </li>
        )}
      </ul>
    </nav>
  ));
}

/** One filter of the form, as its kind is shown: a search box, a select with counts, or a day. */
function Field({ field: shown }: { field: FilterField }) {
  if (shown.kind === "hidden") return <input type="hidden" name={shown.param} value={shown.value} />;
  if (shown.kind === "text") {
    return (
      <label className={label}>
        {shown.label}
        <input
          type="search"
          name={shown.param}
          defaultValue={shown.value}
          maxLength={shown.maxLength}
          aria-keyshortcuts="/"
          className={`${field} w-36`}
        />
      </label>
    );
  }
  if (shown.kind === "day") {
    return (
      <label className={label}>
        {shown.label}
        <input type="date" name={shown.param} defaultValue={shown.value} className={field} />
      </label>
    );
  }
  return (
    <label className={label}>
      {shown.label}
      <select
        name={shown.param}
        defaultValue={shown.value}
        className={`${field} ${shown.wide ? "w-40" : "w-28"}`}
      >
        {shown.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}

export function FilterForm({
  view,
  textNote,
  scope,
}: {
  view: FilterView;
  /** How the text was read (short words left out, or short words alone taken as names). */
  textNote: string | null;
  /**
   * The bulk bar's scope as the bar shows it (the last move's answer, else the address), carried to the
   * filtered list: a filter pressed before the move's page is read again keeps it too (decision 177).
   */
  scope: BulkScope;
}) {
  // Drawn anew for each filter reached (a choice made before is not kept), but not when only the bulk
  // bar's scope changes: a move's answer carries it, and what staff type meanwhile must stay typed.
  const { [SCOPE_PARAM]: _scope, ...filters } = view.params;
  return (
    <Form
      method="get"
      aria-label="Filter messages"
      className="mt-1.5 flex flex-wrap items-center gap-x-3 gap-y-1"
      key={JSON.stringify(filters)}
    >
      <input type="hidden" name="tab" value="contacts" />
      {scope === "ticked" ? null : <input type="hidden" name={SCOPE_PARAM} value={scope} />}
      {view.fields.map((shown) => (
        <Field key={shown.param} field={shown} />
      ))}
      <button
        type="submit"
        className="inline-flex min-h-6 items-center rounded-full border border-brand px-3 py-0.5 text-sm font-semibold text-brand hover:bg-brand-soft"
      >
        Filter
      </button>
      {textNote ? <p className="text-xs text-ink-muted">{textNote}</p> : null}
      {view.showCountsHref ? (
        // Under a text the counts beside the filters are read when asked for (decision 175), as Django's facets.
        <p className="text-xs text-ink-muted">
          No counts under a text.{" "}
          <Link to={view.showCountsHref} className="font-semibold text-brand underline">
            Show counts
          </Link>
        </p>
      ) : null}
    </Form>
  );
}
