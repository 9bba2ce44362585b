import { useEffect, useRef } from "react";
import { Form, Link, useLocation } from "react-router";
import type { BulkAnswer, BulkConfirmation, BulkMoved, BulkScope } from "~/lib/bulk-moves";
import { MESSAGE_STATE_LABELS } from "~/lib/message-states";

// What a bulk move of messages answers in the Contact Submissions tab (docs/decisions/177): the
// confirmation a move of more than the ticked rows shows before it moves anything, and the undo of a move
// done. Both are forms, so they work without JavaScript; with it they are the same answer, drawn in place.
// Their code loads only when a move answers (tab-components.ts), so the tab's first load carries none of it.

/** "1 message", "800 messages" (kept here, not shared, so this chunk needs no other). */
const messagesLabel = (count: number) =>
  count === 1 ? "1 message" : `${count.toLocaleString("en-US")} messages`;

/** The list's address (the page's), with the scope of the move, so the page after it carries that scope. */
function listAddress(path: string, search: string, scope: BulkScope): string {
  const params = new URLSearchParams(search);
  if (scope === "ticked") params.delete("scope");
  else params.set("scope", scope);
  return `${path}?${params}`;
}

/** A bulk move's answer: its confirmation, or its Undo. */
export function BulkAnswerView({ answer }: { answer: BulkAnswer }) {
  const { pathname, search } = useLocation();
  const action = listAddress(pathname, search, answer.scope);
  if (answer.kind === "confirm") return <BulkConfirm confirm={answer} action={action} />;
  if (answer.kind === "moved") return <BulkUndo moved={answer} action={action} />;
  return null;
}

const button =
  "inline-flex min-h-6 items-center rounded-full px-3 py-0.5 text-sm font-semibold whitespace-nowrap";

/** "800 messages: 790 New, 10 Waiting on the applicant." */
function countsByState(confirm: Pick<BulkConfirmation, "total" | "byState">): string {
  const parts = confirm.byState.map(
    ({ state, count }) => `${count.toLocaleString("en-US")} ${MESSAGE_STATE_LABELS[state]}`,
  );
  return `${messagesLabel(confirm.total)}: ${parts.join(", ")}.`;
}

/**
 * How many messages the move takes, in which states, and a few of them; "Move N to …" moves exactly those
 * (each only while still in the state counted), Cancel moves nothing. A move that closes messages of more
 * than one state also offers each state's alone, so a view's Waiting ones need not close with its New.
 */
function BulkConfirm({ confirm, action }: { confirm: BulkConfirmation; action: string }) {
  const to = MESSAGE_STATE_LABELS[confirm.to];
  const first = useRef<HTMLButtonElement>(null);
  // Pressed from the bar, the answer takes the focus, so Enter confirms and Tab reaches Cancel.
  useEffect(() => first.current?.focus(), []);
  return (
    <section
      aria-labelledby="bulk-confirm-title"
      className="mt-2 rounded-xl border border-brand bg-brand-soft p-3 text-sm"
    >
      <h2 id="bulk-confirm-title" className="font-bold">
        {`Move ${messagesLabel(confirm.total)} to ${to}?`}
      </h2>
      <p className="mt-1">{countsByState(confirm)}</p>
      <p className="mt-1 text-ink-muted">
        {`They are every message the list's filters select, up to the newest it showed${confirm.scope === "except" ? ", but the ticked ones" : ""}. Some of them:`}
      </p>
      <ul className="mt-1 list-disc pl-5">
        {confirm.sample.map((message) => (
          <li key={message.id} className="truncate">
            <span className="font-semibold">{message.name}</span> ({message.email}): {message.line}
          </li>
        ))}
      </ul>
      <Form
        method="post"
        action={action}
        preventScrollReset
        className="mt-2 flex flex-wrap items-center gap-2"
      >
        <input type="hidden" name="intent" value="bulk-move" />
        <input type="hidden" name="move" value={confirm.to} />
        <input type="hidden" name="scope" value={confirm.scope} />
        <input type="hidden" name="confirm" value={confirm.token} />
        <button ref={first} type="submit" className={`${button} bg-brand text-white hover:bg-brand-strong`}>
          {`Move ${confirm.total.toLocaleString("en-US")} to ${to}`}
        </button>
        {confirm.closes && confirm.byState.length > 1
          ? confirm.byState.map(({ state, count }) => (
              <button
                key={state}
                type="submit"
                name="only"
                value={state}
                className={`${button} border border-brand text-brand hover:bg-surface`}
              >
                {`Only the ${count.toLocaleString("en-US")} ${MESSAGE_STATE_LABELS[state]}`}
              </button>
            ))
          : null}
        <Link to={action} preventScrollReset className="font-semibold text-brand underline">
          Cancel
        </Link>
      </Form>
    </section>
  );
}

/** A move done, and its Undo while its hour lasts. */
function BulkUndo({ moved, action }: { moved: BulkMoved; action: string }) {
  if (!moved.undo) return null;
  return (
    <Form
      method="post"
      action={action}
      preventScrollReset
      aria-label="Undo the move"
      className="mt-2 flex flex-wrap items-center gap-2 rounded-xl border border-line bg-surface-muted px-3 py-1.5 text-sm"
    >
      <input type="hidden" name="intent" value="bulk-undo" />
      <input type="hidden" name="undo" value={moved.undo} />
      <input type="hidden" name="scope" value={moved.scope} />
      <span>{`${messagesLabel(moved.changed)} moved to ${MESSAGE_STATE_LABELS[moved.to]}.`}</span>
      <button type="submit" className={`${button} border border-brand text-brand hover:bg-brand-soft`}>
        Undo
      </button>
    </Form>
  );
}
