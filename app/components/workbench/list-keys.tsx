import { useEffect, useRef, useState } from "react";

// The dashboard's keyboard flow, as GitHub's and Gmail's lists have it (docs/decisions/152): `j` and `k`
// move through the rows of the list, `x` ticks the current one for a bulk action, Enter opens it, `/` goes
// to the search box and `?` lists the keys. It is JavaScript's addition: without it, every action is still
// a form and every row a link. Keys typed into a field stay the field's.

const KEYS: readonly [key: string, does: string][] = [
  ["j", "Next row"],
  ["k", "Previous row"],
  ["x", "Tick or untick the row"],
  ["Enter", "Open the row"],
  ["/", "Search"],
  ["?", "These keys"],
  ["Esc", "Close this list"],
];

function typing(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName);
}

const rowsOf = (): HTMLElement[] => [...document.querySelectorAll<HTMLElement>("main tbody tr[data-row]")];

/** Moves the focus `by` rows from the focused one (the first row when none is). */
function move(by: number) {
  const rows = rowsOf();
  if (rows.length === 0) return;
  const at = rows.indexOf(document.activeElement as HTMLElement);
  const next = at < 0 ? 0 : Math.min(rows.length - 1, Math.max(0, at + by));
  rows[next]?.focus();
}

function currentRow(): HTMLElement | null {
  const active = document.activeElement;
  return active instanceof HTMLElement && active.matches("tr[data-row]") ? active : null;
}

export function ListKeys() {
  const dialog = useRef<HTMLDialogElement>(null);
  // Rendered once JavaScript runs: the keys need it, so a page without it does not offer them.
  const [ready, setReady] = useState(false);
  useEffect(() => {
    setReady(true);
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.metaKey || event.ctrlKey || event.altKey || typing(event.target))
        return;
      const row = currentRow();
      const act: Record<string, () => void> = {
        j: () => move(1),
        k: () => move(-1),
        x: () => row?.querySelector<HTMLInputElement>('input[type="checkbox"]')?.click(),
        Enter: () => row?.querySelector<HTMLAnchorElement>("a[data-open]")?.click(),
        "/": () => document.querySelector<HTMLInputElement>('main input[type="search"]')?.select(),
        "?": () => dialog.current?.showModal(),
      };
      const action = act[event.key];
      // Enter on a row's own button or link is that control's.
      if (!action || (event.key === "Enter" && !row)) return;
      event.preventDefault();
      action();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);
  if (!ready) return null;
  return (
    <>
      <button
        type="button"
        onClick={() => dialog.current?.showModal()}
        className="ml-auto text-sm font-semibold text-brand underline"
      >
        Keyboard shortcuts <kbd className="rounded border border-line px-1 text-xs">?</kbd>
      </button>
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
          <button
            type="submit"
            className="rounded-full bg-brand px-4 py-1.5 text-sm font-semibold text-white"
          >
            Close
          </button>
        </form>
      </dialog>
    </>
  );
}
