import { formatDateTime } from "~/lib/format-date";
import { authorName, type Written } from "~/lib/workbench";

/** Notes or replies, oldest first: who wrote each, when, and what, with its line breaks. */
export function WrittenList({
  items,
  empty,
  label,
}: {
  items: readonly Written[];
  empty: string;
  label: string;
}) {
  if (items.length === 0) return <p className="mt-2 text-sm text-ink-muted">{empty}</p>;
  return (
    <ol aria-label={label} className="mt-2 space-y-2">
      {items.map((item) => (
        <li key={item.id} className="rounded-lg border border-line p-3">
          <p className="text-xs text-ink-muted">
            {authorName(item.author)} · {formatDateTime(item.createdAt)}
          </p>
          <p className="mt-1 break-words whitespace-pre-wrap">{item.body}</p>
        </li>
      ))}
    </ol>
  );
}
