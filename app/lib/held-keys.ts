// The list's keys pressed before the dashboard's JavaScript runs (docs/decisions/172). An admin page paints
// first and starts its JavaScript after (client-runtime.ts), so a `j` or `x` pressed as soon as the list
// shows used to fall on no listener and was lost. This script, inlined in an admin page by the root (its
// loader reads the source, so the browser's bundle never holds it), holds those keys from the start; the
// keyboard flow (components/workbench/list-keys.tsx) takes them once it runs and does them in order.

/** The keys held: the list's own, except Enter, which needs a focused row that only the keys can give. */
export const HELD_KEYS = ["j", "k", "x", "/", "?"];

function holdKeys(keys: string[]) {
  const held: string[] = [];
  const hold = (event: KeyboardEvent) => {
    const target = event.target as HTMLElement;
    const typing = target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName);
    if (event.defaultPrevented || event.metaKey || event.ctrlKey || event.altKey || typing) return;
    if (keys.indexOf(event.key) < 0) return;
    event.preventDefault();
    held.push(event.key);
  };
  document.addEventListener("keydown", hold);
  (window as { takeHeldListKeys?: () => string[] }).takeHeldListKeys = () => {
    document.removeEventListener("keydown", hold);
    return held.splice(0);
  };
}

/** The script's source, for an inline <script> with the page's nonce. */
export function holdKeysScript(): string {
  return `(${holdKeys.toString()})(${JSON.stringify(HELD_KEYS)})`;
}
