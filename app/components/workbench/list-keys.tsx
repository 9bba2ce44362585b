import { useEffect, useRef, useState } from "react";

// The dashboard's keyboard flow, as GitHub's and Gmail's lists have it (docs/decisions/152): `j` and `k`
// move through the rows of the list, `x` ticks the current one for a bulk action, Enter opens it, `/` goes
// to the search box and `?` lists the keys. On the focused row, or on a message's page, a control that
// declares a key (`aria-keyshortcuts`) is pressed by it: each move of the table of states has one (`d` Mark
// Processed, `s` Spam, `w` Waiting, `o` Reopen) and Reply has `r` (docs/decisions/176). It is JavaScript's addition: without it, every action is still
// a form and every row a link. Keys typed into a field stay the field's. What the keys do loads with the
// first one pressed (list-key-actions.tsx), so a visit that presses none pays nothing for it. Keys pressed
// before it runs are held by a small inline script (lib/held-keys.ts) and done once it does.

type Actions = typeof import("./list-key-actions");

declare global {
  interface Window {
    /** The inline holder's (lib/held-keys.ts): stops holding, and hands over the keys held, oldest first. */
    takeHeldListKeys?: () => string[];
  }
}

const OURS = new Set(["j", "k", "x", "/", "?", "Enter"]);

/** A letter may be a control's own key (`aria-keyshortcuts`: a move's button, Reply): the actions look. */
const letter = /^[a-z]$/;

function typing(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName);
}

export function ListKeys() {
  // Rendered once JavaScript runs: the keys need it, so a page without it does not offer them.
  const [ready, setReady] = useState(false);
  const [actions, setActions] = useState<Actions | null>(null);
  const [opens, setOpens] = useState(0);
  const loaded = useRef<Promise<Actions> | null>(null);

  const load = () => {
    loaded.current ??= import("./list-key-actions").then((module) => {
      setActions(module);
      return module;
    });
    return loaded.current;
  };
  const showKeys = () => {
    setOpens((count) => count + 1);
    void load();
  };

  const press = (key: string) => {
    if (key === "?") showKeys();
    else void load().then((module) => module.act(key));
  };

  useEffect(() => {
    setReady(true);
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.metaKey || event.ctrlKey || event.altKey || typing(event.target))
        return;
      if (!OURS.has(event.key) && !letter.test(event.key)) return;
      // Enter on a row's own button or link is that control's.
      const active = document.activeElement;
      if (event.key === "Enter" && !(active instanceof HTMLElement && active.matches("tr[data-row]"))) return;
      event.preventDefault();
      press(event.key);
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  });
  // The keys pressed before this ran, in order, now that the listener above has taken over from the holder.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on the first render in the browser.
  useEffect(() => {
    for (const key of window.takeHeldListKeys?.() ?? []) press(key);
  }, []);

  if (!ready) return null;
  const Dialog = actions?.KeysDialog;
  return (
    <>
      <button type="button" onClick={showKeys} className="ml-auto text-sm font-semibold text-brand underline">
        Keyboard shortcuts <kbd className="rounded border border-line px-1 text-xs">?</kbd>
      </button>
      {Dialog ? <Dialog opens={opens} /> : null}
    </>
  );
}
