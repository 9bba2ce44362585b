import { formatDateTime } from "~/lib/format-date";

// The applicant's answers on a message's page (decision 174), oldest first: from which address and when,
// flagged when not the message's own address, and how many attachments were refused.

export interface AnswerItem {
  id: number;
  body: string;
  fromAddress: string;
  fromSender: boolean;
  attachmentsRefused: number;
  createdAt: Date | string;
}

export function AnswerList({ items }: { items: readonly AnswerItem[] }) {
  if (items.length === 0) return <p className="mt-2 text-sm text-ink-muted">No answer has come back yet.</p>;
  return (
    <ol aria-label="Answers" className="mt-2 space-y-2">
      {items.map((item) => (
        <li key={item.id} className="rounded-lg border border-line p-3">
          <p className="text-xs text-ink-muted">
            {item.fromAddress} · {formatDateTime(new Date(item.createdAt))}
          </p>
          {item.fromSender ? null : (
            <p className="mt-1 text-sm font-semibold text-danger">
              From another address than the message's: nothing shows this is the sender.
            </p>
          )}
          <p className="mt-1 break-words whitespace-pre-wrap">{item.body}</p>
          {item.attachmentsRefused > 0 ? (
            <p className="mt-1 text-sm text-ink-muted">
              {item.attachmentsRefused === 1
                ? "1 attachment was refused and not kept."
                : `${item.attachmentsRefused} attachments were refused and not kept.`}
            </p>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
