import { useEffect, useRef } from "react";
import { MESSAGE_STATE_TABLE, MESSAGE_STATES } from "~/lib/message-states";

// What the dashboard's keys do, and the list of them (list-keys.tsx loads this module on the first key a
// person presses, so a visit that uses none costs its script nothing).

const KEYS: readonly [key: string, does: string][] = [
  ["j", "Next row"],
  ["k", "Previous row"],
  ["x", "Tick or untick the row"],
  ["Enter", "Open the row"],
  // The table of states' moves (lib/message-states.ts), on the focused row or the message's page.
  ...MESSAGE_STATES.map((state): [string, string] => {
    const { key, button } = MESSAGE_STATE_TABLE[state].move;
    return [key, `${button}: the row, or the message open`];
  }),
  ["r", "Reply: the row's, or the message's reply box"],
  ["/", "Search"],
  ["?", "These keys"],
  ["Esc", "Close this list"],
];

const rowsOf = (): HTMLElement[] => [...document.querySelectorAll<HTMLElement>("main tbody tr[data-row]")];

/** Moves the focus `by` rows from the focused one (the first row when none is). */
function move(by: number) {
  const rows = rowsOf();
  if (rows.length === 0) return;
  const at = rows.indexOf(document.activeElement as HTMLElement);
  const next = at < 0 ? 0 : Math.min(rows.length - 1, Math.max(0, at + by));
  rows[next]?.focus();
}

/**
 * Presses the control that declares `key` (`aria-keyshortcuts`) on the focused row, or on a page without
 * rows (a message's): a move's button sends its form, as a click would, and the focus goes to the row after
 * (so a run of keys clears a list); a link is followed; a box takes the focus.
 */
function pressDeclared(key: string, row: HTMLElement | null) {
  const scope = row ?? (rowsOf().length === 0 ? document.querySelector("main") : null);
  const control = scope?.querySelector<HTMLElement>(`[aria-keyshortcuts="${CSS.escape(key)}"]`);
  if (control instanceof HTMLButtonElement && control.form) {
    control.form.requestSubmit(control);
    const rows = rowsOf();
    const at = row ? rows.indexOf(row) : -1;
    if (at >= 0) (rows[at + 1] ?? rows[at - 1])?.focus();
  } else if (control instanceof HTMLAnchorElement) control.click();
  else control?.focus();
}

/** Does what `key` asks (`?` is the dialog's: KeysDialog). */
export function act(key: string) {
  const active = document.activeElement;
  const row = active instanceof HTMLElement && active.matches("tr[data-row]") ? active : null;
  if (key === "j") move(1);
  else if (key === "k") move(-1);
  else if (key === "x") row?.querySelector<HTMLInputElement>('input[type="checkbox"]')?.click();
  else if (key === "Enter") row?.querySelector<HTMLAnchorElement>("a[data-open]")?.click();
  // The list's own search when it has one (the last on the page), else the dashboard's.
  else if (key === "/")
    [...document.querySelectorAll<HTMLInputElement>('main input[type="search"]')].at(-1)?.select();
  else pressDeclared(key, row);
}

/** The list of keys, as a modal dialog, opened each time `opens` grows. */
export function KeysDialog({ opens }: { opens: number }) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    if (opens > 0) dialog.current?.showModal();
  }, [opens]);
  return (
    <dialog
      ref={dialog}
      aria-labelledby="list-keys-title"
      className="m-auto rounded-xl border border-line p-6 shadow-xl backdrop:bg-night/60"
    >
      <h2 id="list-keys-title" className="text-lg font-bold">
        Keyboard shortcuts
      </h2>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {KEYS.map(([key, does]) => (
          <div key={key} className="contents">
            <dt>
              <kbd className="rounded border border-line px-1.5 font-mono">{key}</kbd>
            </dt>
            <dd>{does}</dd>
          </div>
        ))}
      </dl>
      <form method="dialog" className="mt-4">
        <button type="submit" className="rounded-full bg-brand px-4 py-1.5 text-sm font-semibold text-white">
          Close
        </button>
      </form>
    </dialog>
  );
}
