import type { ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { userTypeLabel } from "~/content/user-types";
import type { Person } from "~/lib/person";

// The pieces the admin dashboard's tabs share (app/routes/admin/): a page of a list, its pager, the
// people in it and the buttons that act on one of them.

export interface ListPage<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
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
        className={`inline-flex min-h-10 items-center rounded-full px-4 py-2 text-sm font-semibold disabled:opacity-60 ${quiet ? "border border-danger text-danger hover:bg-red-50" : "bg-brand text-white hover:bg-brand-strong"}`}
      >
        {label}
      </button>
    </Form>
  );
}

/** One tab's list: its heading, its empty state or its rows, and paging. */
export function ListSection<T extends { id: number }>({
  id,
  title,
  empty,
  list,
  href,
  children,
  render,
}: {
  id: string;
  title: string;
  empty: string;
  list: ListPage<T>;
  href: (page: number) => string;
  children?: ReactNode;
  render: (item: T) => ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-title`} className="mt-6">
      <h2 id={`${id}-title`} className="text-lg font-bold">
        {title}
      </h2>
      {children}
      {list.items.length === 0 ? (
        <p className="mt-6 rounded-xl bg-surface-muted p-6 text-ink-muted">{empty}</p>
      ) : (
        <ul className="mt-6 space-y-4">
          {list.items.map((item) => (
            <li key={item.id} className="rounded-2xl border border-line p-5 shadow-sm">
              {render(item)}
            </li>
          ))}
        </ul>
      )}
      <Pager list={list} href={href} />
    </section>
  );
}

/** A person's name, actions and details, as every tab shows them; `details` adds tab-specific ones. */
export function PersonSummary({
  person,
  actions,
  details,
}: {
  person: Person;
  actions?: ReactNode;
  details: [term: string, value: ReactNode][];
}) {
  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <h3 className="text-lg font-semibold">
          {person.firstName} {person.lastName}
        </h3>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </div>
      <dl className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <Detail term="Email">{person.email}</Detail>
        <Detail term="Company">{person.company ?? "N/A"}</Detail>
        <Detail term="Phone">{person.phone ?? "N/A"}</Detail>
        <Detail term="Area of interest">{userTypeLabel(person.userTypeId)}</Detail>
        {details.map(([term, value]) => (
          <Detail key={term} term={term}>
            {value}
          </Detail>
        ))}
      </dl>
    </>
  );
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold tracking-wide text-ink-muted uppercase">{term}</dt>
      <dd className="mt-0.5 break-words">{children}</dd>
    </div>
  );
}
