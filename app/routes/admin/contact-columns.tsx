import type { Column } from "~/components/admin-lists";
import { formatDateTime } from "~/lib/format-date";
import { MESSAGE_STATE_LABELS, type MessageState } from "~/lib/message-states";
import type { PaymentMethod } from "~/lib/payment-methods";
import type { Person } from "~/lib/person";

// The columns of the queue of messages that are its own (the person's come from personColumns): how long a
// message has waited, its state and holder, the payment method a token application stated, and the message.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** How long ago, in the largest whole unit: "4 min", "3 h", "12 d". */
export function ageLabel(since: Date | string, now: number): string {
  const elapsed = Math.max(0, now - new Date(since).getTime());
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)} min`;
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)} h`;
  return `${Math.floor(elapsed / DAY)} d`;
}

/** The age of a message, measured at `now` (the loader's clock, so the server's page and the browser agree). */
export function ageColumn<T extends { createdAt: Date | string }>(now: number): Column<T> {
  return {
    header: "Age",
    cell: (message) => (
      <time dateTime={new Date(message.createdAt).toISOString()}>{ageLabel(message.createdAt, now)}</time>
    ),
    className: "whitespace-nowrap tabular-nums",
  };
}

/**
 * The state, and who wrote the message when `senders` has a word for it (not signed in, proven…): the
 * state dotted-underlined with the word as its title and for screen readers, taking no width or line of its
 * own, so every column and twenty rows fit; the message's page says it in full.
 */
export function stateColumn<T extends { id: number; state: MessageState }>(
  senders: Record<number, string> = {},
): Column<T> {
  return {
    header: "State",
    cell: (message) => {
      const sender = senders[message.id];
      if (!sender) return MESSAGE_STATE_LABELS[message.state];
      return (
        <span title={sender} className="underline decoration-dotted">
          {MESSAGE_STATE_LABELS[message.state]}
          <span className="sr-only"> ({sender})</span>
        </span>
      );
    },
  };
}

/** Who holds the message: "You", their name, or nobody. */
export function holderColumn<T extends { claimedBy: number | null; claimedByName: string | null }>(
  me: number,
): Column<T> {
  return {
    header: "Holder",
    cell: (message) =>
      message.claimedBy === null ? "" : message.claimedBy === me ? "You" : message.claimedByName,
    className: "max-w-32 truncate",
  };
}

/** When a closed message was closed, and by whom (the spec's processed_at and processed_by). */
export function closedColumns<
  T extends { processedAt: Date | string | null; processedByName: string | null },
>(): Column<T>[] {
  return [
    {
      header: "Closed",
      cell: (message) => formatDateTime(message.processedAt),
      className: "whitespace-nowrap",
    },
    {
      header: "Closed by",
      cell: (message) => message.processedByName ?? "N/A",
      className: "max-w-32 truncate",
    },
  ];
}

/** The payment method a token application stated; nothing when it stated none. */
export function paymentColumn<T extends { paymentMethod: PaymentMethod | null }>(): Column<T> {
  return { header: "Payment method", cell: (message) => message.paymentMethod ?? "" };
}

/**
 * The message's substance in the row, on one line (`preview`, made on the server by lib/message-preview.ts,
 * whose table of greetings the browser never loads); the whole of it, as sent, one click away.
 */
export function messageColumn<T extends { message: string; preview: string } & Person>(): Column<T> {
  return {
    header: "Message",
    cell: (message) => <Message contact={message} />,
    // The room the other columns leave (the cell's own width does not count), its preview cut to it: the
    // preview's own width is contained, or one long line would widen the table past the screen.
    className: "w-full max-w-0 min-w-40 whitespace-normal",
  };
}

/**
 * The message's substance, greetings left out, one line cut to the cell with the preview whole as its
 * title; opened, the whole message as sent, with the sender's company and phone.
 */
function Message({ contact }: { contact: { message: string; preview: string } & Person }) {
  const { preview } = contact;
  return (
    <details>
      <summary className="cursor-pointer truncate [contain:inline-size]" title={preview}>
        {preview}
      </summary>
      <p className="mt-1 rounded-lg bg-surface-muted p-2 break-words whitespace-pre-wrap">
        {contact.message}
      </p>
      <p className="mt-1 text-xs text-ink-muted">
        Company: {contact.company ?? "N/A"} · Phone: {contact.phone ?? "N/A"}
      </p>
    </details>
  );
}
