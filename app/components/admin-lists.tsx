import { type ReactNode, useEffect, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { userTypeLabel } from "~/content/user-types";
import type { RowActionName } from "~/lib/admin-row-actions";
import { countLabel } from "~/lib/counts";
import type { Person } from "~/lib/person";

import { TickAll } from "./bulk-bar";

export { BulkBar, TickAll } from "./bulk-bar";
export { RowMenu } from "./row-menu";
export { ReplyByEmailLink, ReplyLink } from "./workbench/reply-links";

// The pieces the admin dashboard's tabs share (app/routes/admin/): a page of a list as a table, its pager,
// the columns of a person, the buttons that act on one row, the link that opens a row's own page, and the
// bulk action over ticked rows. One module, as every tab loads them all: a chunk apiece cost more bytes. A
// row's More menu and its replies live in their own files and are handed on from here, so they travel in
// this module's chunk, not one of their own.

/** A page of a list read by keyset (app/server/keyset.server.ts): no page numbers, the next page's cursor. */
export interface KeysetList<T> {
  items: T[];
  /** Null when the list left its count out (the queue under a common text). */
  total: number | null;
  pageSize: number;
  next: string | null;
  first: boolean;
}

/** The way on from a page read by keyset: the next page, and back to the first. */
export function KeysetPager({
  list,
  href,
}: {
  list: KeysetList<unknown>;
  href: (after: string | null) => string;
}) {
  if (list.first && !list.next) return null;
  return (
    <nav aria-label="Pages" className="mt-4 flex items-center justify-between gap-4 text-sm">
      {list.first ? (
        <span />
      ) : (
        <Link className="font-semibold text-brand underline" to={href(null)}>
          First page
        </Link>
      )}
      <span>{list.total === null ? "Not counted" : `${countLabel(list.total)} in all`}</span>
      {list.next ? (
        <Link className="font-semibold text-brand underline" to={href(list.next)}>
          Next page
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

/** The id of the row whose form is being submitted, if any: its buttons wait until the answer. */
export function useBusyId(): number | null {
  const navigation = useNavigation();
  return navigation.state === "submitting" ? Number(navigation.formData?.get("id")) : null;
}

/** A form of one button that posts an intent about one row to the dashboard. */
export function ActionButton({
  intent,
  id,
  label,
  busy,
  quiet = false,
  shortcut,
}: {
  intent: RowActionName;
  id: number;
  label: string;
  busy: boolean;
  /** A secondary action (reject, deactivate): outlined rather than filled. */
  quiet?: boolean;
  /** Its key on the focused row or the message's page (list-keys.tsx), when it has one. */
  shortcut?: string;
}) {
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <button
        type="submit"
        disabled={busy}
        aria-keyshortcuts={shortcut}
        className={`inline-flex min-h-6 items-center rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap disabled:opacity-60 ${quiet ? "border border-danger text-danger hover:bg-red-50" : "bg-brand text-white hover:bg-brand-strong"}`}
      >
        {label}
      </button>
    </Form>
  );
}

/** A column of a tab's table: its heading and what a row shows in it. */
export interface Column<T> {
  header: string;
  cell: (item: T) => ReactNode;
  /** Widths and wrapping of the column's cells. */
  className?: string;
}

const PERSON_COLUMNS = {
  name: {
    header: "Name",
    cell: (person: Person) => `${person.firstName} ${person.lastName}`,
    className: "max-w-32 truncate font-semibold",
  },
  // Name, Email and Area give the room a queue's widest first page needs at 1440 (decision 171).
  email: { header: "Email", cell: (person: Person) => person.email, className: "max-w-36 truncate" },
  company: {
    header: "Company",
    cell: (person: Person) => person.company ?? "N/A",
    className: "max-w-36 truncate",
  },
  phone: { header: "Phone", cell: (person: Person) => person.phone ?? "N/A" },
  area: {
    header: "Area of interest",
    cell: (person: Person) => userTypeLabel(person.userTypeId),
    className: "max-w-32 truncate",
  },
} satisfies Record<string, Column<Person>>;

/**
 * The tick box's column and the first one stay in view while a narrow screen scrolls the table sideways;
 * the tick box's column is `w-8`, so the first starts at `left-8`. Kept cells take the row's background.
 */
const KEPT = ["sticky left-0 z-10", "sticky left-8 z-10"] as const;
const KEPT_CELL = "bg-surface group-hover/row:bg-surface-muted group-focus/row:bg-brand-soft";

/** The columns of a person a tab shows, in the order given (every one when none is named). */
export function personColumns<T extends Person>(...names: (keyof typeof PERSON_COLUMNS)[]): Column<T>[] {
  const chosen = names.length > 0 ? names : (Object.keys(PERSON_COLUMNS) as (keyof typeof PERSON_COLUMNS)[]);
  return chosen.map((name) => PERSON_COLUMNS[name]);
}

/**
 * One tab's list: its heading, its empty state or a dense table (a row a line, as Django's admin shows
 * them, so a laptop's first screen holds twenty or more), and paging. At a laptop's width every column
 * shows; on a narrower screen the table scrolls in its own box, its tick box and first column kept in view
 * (docs/decisions/171).
 */
export function ListSection<T extends { id: number }>({
  id,
  title,
  empty,
  list,
  pager,
  beside,
  children,
  columns,
  actions,
  tick,
}: {
  id: string;
  title: string;
  empty: string;
  list: { items: T[] };
  /** The way to the other pages (`KeysetPager`). */
  pager?: ReactNode;
  /** What stands on the heading's line (the list's views). */
  beside?: ReactNode;
  children?: ReactNode;
  columns: Column<T>[];
  /** The buttons of a row, if the tab has any. */
  actions?: (item: T) => ReactNode;
  /** A box on each row that ticks it for the form `form` (a bulk action), named for the row. */
  tick?: { form: string; label: (item: T) => string };
}) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="mt-4"
      data-list
      // Set once the tab's code has run (it loads with its tab, decision 157): the tests wait for it.
      data-hydrated={hydrated ? "" : undefined}
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h2 id={`${id}-title`} className="text-lg font-bold">
          {title}
        </h2>
        {beside}
      </div>
      {children}
      {list.items.length === 0 ? (
        <p className="mt-4 rounded-xl bg-surface-muted p-6 text-ink-muted">{empty}</p>
      ) : (
        // Positioned, so the box also holds what its cells place absolutely (the screen-reader words),
        // which would otherwise widen the page.
        <div className="relative mt-3 overflow-x-auto">
          <table aria-labelledby={`${id}-title`} className="w-full border-collapse text-left text-sm">
            <thead className="bg-surface-muted text-xs tracking-wide text-ink-muted uppercase">
              <tr>
                {tick ? (
                  <th scope="col" className={`w-8 px-2 py-1.5 ${KEPT[0]} bg-surface-muted`}>
                    <TickAll hydrated={hydrated} />
                  </th>
                ) : null}
                {columns.map((column, at) => (
                  <th
                    key={column.header}
                    scope="col"
                    className={`px-1.5 py-1.5 align-bottom font-semibold whitespace-nowrap ${at === 0 ? `${KEPT[tick ? 1 : 0]} bg-surface-muted` : ""}`}
                  >
                    {column.header}
                  </th>
                ))}
                {actions ? (
                  <th scope="col" className="px-1.5 py-1.5 align-bottom font-semibold">
                    Actions
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody>
              {list.items.map((item) => (
                <tr
                  key={item.id}
                  data-row={item.id}
                  // Reached by the keyboard flow's j and k (workbench/list-keys.tsx), not by Tab.
                  tabIndex={-1}
                  className="group/row border-t border-line align-top outline-brand hover:bg-surface-muted focus:bg-brand-soft focus:outline-2"
                >
                  {tick ? (
                    <td className={`px-2 py-0.5 ${KEPT[0]} ${KEPT_CELL}`}>
                      <input
                        type="checkbox"
                        name="ids"
                        value={item.id}
                        form={tick.form}
                        aria-label={tick.label(item)}
                        className="size-4 align-middle"
                      />
                    </td>
                  ) : null}
                  {columns.map((column, at) => (
                    <td
                      key={column.header}
                      className={`px-1.5 py-0.5 whitespace-nowrap ${column.className ?? ""} ${at === 0 ? `${KEPT[tick ? 1 : 0]} ${KEPT_CELL}` : ""}`}
                    >
                      {column.cell(item)}
                    </td>
                  ))}
                  {actions ? (
                    <td className="px-1.5 py-0.5">
                      <div className="flex gap-1">{actions(item)}</div>
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {pager}
    </section>
  );
}

/** A row's link to its own workbench page (a message's, a person's), named for the row to a screen reader. */
export function OpenLink({ to, name }: { to: string; name: string }) {
  return (
    <Link
      to={to}
      data-open
      className="inline-flex min-h-6 items-center rounded-full border border-brand px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-brand hover:bg-brand-soft"
    >
      Open
      <span className="sr-only">{` ${name}`}</span>
    </Link>
  );
}
