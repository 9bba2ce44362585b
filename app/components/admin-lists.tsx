import type { ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { userTypeLabel } from "~/content/user-types";
import { countLabel } from "~/lib/counts";
import type { Person } from "~/lib/person";

// The pieces the admin dashboard's tabs share (app/routes/admin/): a page of a list as a table, its pager,
// the columns of a person and the buttons that act on one row.

export interface ListPage<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** A page of a list read by keyset (app/server/keyset.server.ts): no page numbers, the next page's cursor. */
export interface KeysetList<T> {
  items: T[];
  total: number;
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
      <span>{countLabel(list.total)} in all</span>
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

export function Pager({ list, href }: { list: ListPage<unknown>; href: (page: number) => string }) {
  const pages = Math.max(1, Math.ceil(list.total / list.pageSize));
  if (pages === 1) return null;
  const { page } = list;
  return (
    <nav aria-label="Pages" className="mt-6 flex items-center justify-between gap-4 text-sm">
      {page > 1 ? (
        <Link className="font-semibold text-brand underline" to={href(page - 1)}>
          Previous page
        </Link>
      ) : (
        <span />
      )}
      <span>
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <Link className="font-semibold text-brand underline" to={href(page + 1)}>
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
}: {
  intent: string;
  id: number;
  label: string;
  busy: boolean;
  /** A secondary action (reject, deactivate): outlined rather than filled. */
  quiet?: boolean;
}) {
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <button
        type="submit"
        disabled={busy}
        className={`inline-flex min-h-6 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap disabled:opacity-60 ${quiet ? "border border-danger text-danger hover:bg-red-50" : "bg-brand text-white hover:bg-brand-strong"}`}
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
    className: "max-w-44 truncate font-semibold",
  },
  email: { header: "Email", cell: (person: Person) => person.email, className: "max-w-56 truncate" },
  company: {
    header: "Company",
    cell: (person: Person) => person.company ?? "N/A",
    className: "max-w-40 truncate",
  },
  phone: { header: "Phone", cell: (person: Person) => person.phone ?? "N/A" },
  area: { header: "Area of interest", cell: (person: Person) => userTypeLabel(person.userTypeId) },
} satisfies Record<string, Column<Person>>;

/** The columns of a person a tab shows, in the order given (every one when none is named). */
export function personColumns<T extends Person>(...names: (keyof typeof PERSON_COLUMNS)[]): Column<T>[] {
  const chosen = names.length > 0 ? names : (Object.keys(PERSON_COLUMNS) as (keyof typeof PERSON_COLUMNS)[]);
  return chosen.map((name) => PERSON_COLUMNS[name]);
}

/**
 * One tab's list: its heading, its empty state or a dense table (a row a line, as Django's admin shows
 * them, so a laptop's first screen holds twenty or more), and paging.
 */
export function ListSection<T extends { id: number }>({
  id,
  title,
  empty,
  list,
  href,
  pager,
  children,
  columns,
  actions,
  tick,
}: {
  id: string;
  title: string;
  empty: string;
  list: { items: T[] } & Partial<ListPage<T>>;
  /** A page number's address, for a list paged by number; a list paged by keyset brings its `pager`. */
  href?: (page: number) => string;
  pager?: ReactNode;
  children?: ReactNode;
  columns: Column<T>[];
  /** The buttons of a row, if the tab has any. */
  actions?: (item: T) => ReactNode;
  /** A box on each row that ticks it for the form `form` (a bulk action), named for the row. */
  tick?: { form: string; label: (item: T) => string };
}) {
  return (
    <section aria-labelledby={`${id}-title`} className="mt-6">
      <h2 id={`${id}-title`} className="text-lg font-bold">
        {title}
      </h2>
      {children}
      {list.items.length === 0 ? (
        <p className="mt-4 rounded-xl bg-surface-muted p-6 text-ink-muted">{empty}</p>
      ) : (
        <div className="mt-3 overflow-x-auto">
          <table aria-labelledby={`${id}-title`} className="w-full border-collapse text-left text-sm">
            <thead className="bg-surface-muted text-xs tracking-wide text-ink-muted uppercase">
              <tr>
                {tick ? (
                  <th scope="col" className="w-8 px-2 py-1.5">
                    <span className="sr-only">Tick</span>
                  </th>
                ) : null}
                {columns.map((column) => (
                  <th key={column.header} scope="col" className="px-2 py-1.5 font-semibold whitespace-nowrap">
                    {column.header}
                  </th>
                ))}
                {actions ? (
                  <th scope="col" className="px-2 py-1.5 font-semibold">
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
                  className="border-t border-line align-top hover:bg-surface-muted/60"
                >
                  {tick ? (
                    <td className="px-2 py-0.5">
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
                  {columns.map((column) => (
                    <td
                      key={column.header}
                      className={`px-2 py-0.5 whitespace-nowrap ${column.className ?? ""}`}
                    >
                      {column.cell(item)}
                    </td>
                  ))}
                  {actions ? (
                    <td className="px-2 py-0.5">
                      <div className="flex gap-1">{actions(item)}</div>
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {pager ??
        (href && list.page !== undefined && list.total !== undefined && list.pageSize !== undefined ? (
          <Pager
            list={{ items: list.items, total: list.total, page: list.page, pageSize: list.pageSize }}
            href={href}
          />
        ) : null)}
    </section>
  );
}
