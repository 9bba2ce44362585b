import { Link } from "react-router";

/** A row's link to its own workbench page (a message's, a person's), named for the row to a screen reader. */
export function OpenLink({ to, name }: { to: string; name: string }) {
  return (
    <Link
      to={to}
      data-open
      className="inline-flex min-h-6 items-center rounded-full border border-brand px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap text-brand hover:bg-brand-soft"
    >
      Open
      <span className="sr-only">{` ${name}`}</span>
    </Link>
  );
}
