import { Link } from "react-router";
import { formatDateTime } from "~/lib/format-date";
import { MESSAGE_STATE_LABELS } from "~/lib/message-states";
import { authorName, messagePath, type TimelineItem } from "~/lib/workbench";

const KIND_LABELS: Record<TimelineItem["kind"], string> = {
  message: "Message",
  reply: "Reply sent",
  note: "Note",
  event: "Account",
};

function Line({ item }: { item: TimelineItem }) {
  switch (item.kind) {
    case "message":
      return (
        <>
          <Link to={messagePath(item.messageId)} className="font-semibold text-brand underline">
            Message {item.messageId}
          </Link>{" "}
          <span className="text-ink-muted">({MESSAGE_STATE_LABELS[item.state]})</span>
          <p className="mt-1 line-clamp-3 break-words whitespace-pre-wrap">{item.text}</p>
        </>
      );
    case "reply":
      return (
        <>
          <span>
            {authorName(item.author)} answered{" "}
            <Link to={messagePath(item.messageId)} className="font-semibold text-brand underline">
              message {item.messageId}
            </Link>
          </span>
          <p className="mt-1 line-clamp-3 break-words whitespace-pre-wrap">{item.text}</p>
        </>
      );
    case "note":
      return (
        <>
          <span>{authorName(item.author)} wrote</span>
          <p className="mt-1 break-words whitespace-pre-wrap">{item.text}</p>
        </>
      );
    case "event":
      return (
        <span>
          {item.label}
          {item.author ? `, by ${item.author}` : ""}
        </span>
      );
  }
}

/** Everything about one person, newest first. */
export function PersonTimeline({ items }: { items: readonly TimelineItem[] }) {
  if (items.length === 0) return <p className="mt-2 text-sm text-ink-muted">Nothing yet.</p>;
  return (
    <ol aria-label="Timeline" className="mt-2 divide-y divide-line border-y border-line text-sm">
      {items.map((item, index) => (
        // The items come from several tables: their position in the list is their only shared key.
        // biome-ignore lint/suspicious/noArrayIndexKey: the list is rendered whole, never reordered in place.
        <li key={index} className="grid gap-x-3 py-2 sm:grid-cols-[11rem_6rem_1fr]">
          <span className="whitespace-nowrap text-ink-muted">{formatDateTime(item.at)}</span>
          <span className="font-semibold">{KIND_LABELS[item.kind]}</span>
          <div className="min-w-0">
            <Line item={item} />
          </div>
        </li>
      ))}
    </ol>
  );
}
