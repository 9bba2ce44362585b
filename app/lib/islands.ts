// Islands (docs/architecture.md, "Island pages"): a page rendered on the server whose interactive parts are
// hydrated one by one with React's own `hydrateRoot`, without React Router in the browser. The server
// writes each island as an element with its name and its props (app/components/island.tsx); an inline
// starter waits for a person's first focus, pointer-down or key inside an island, then loads that
// island's chunk (React DOM with it), which hydrates that island alone (app/islands/runtime.tsx). Until
// then the page ships no other JavaScript, and its forms work as plain HTML forms.

/** The islands and their client entries (under app/, one chunk each in the client build). */
export const ISLAND_ENTRIES = {
  login: "islands/login-island.tsx",
  contact: "islands/contact-island.tsx",
  "passkey-sign-in": "islands/passkey-sign-in-island.tsx",
} as const;

export type IslandName = keyof typeof ISLAND_ENTRIES;

/** On an island's element: its name, from ISLAND_ENTRIES. */
export const ISLAND_ATTRIBUTE = "data-island";
/** On an island's element: its props as JSON. */
export const ISLAND_PROPS_ATTRIBUTE = "data-island-props";
/** On an island's element, set in the browser: "loading", then "hydrated". */
export const ISLAND_STATE_ATTRIBUTE = "data-island-state";

/** What the build records for each island: its entry chunk and every chunk that entry imports. */
export interface IslandChunks {
  entry: string;
  imports: string[];
}

export type IslandChunkMap = Record<IslandName, IslandChunks>;

/** Where the islands' entries register their hydrate function, on `window`: shared by the starter. */
export const ISLAND_REGISTRY = "__islands";
/** Dispatched on an island's element once it is hydrated (the starter replays a pending click). */
export const ISLAND_HYDRATED_EVENT = "island-hydrated";

export type IslandRegistry = Partial<Record<string, (element: HTMLElement) => void>>;

/**
 * The starter, inlined at the end of an island page's body. It listens once, on the document, for the
 * first focus, pointer-down or key inside each island; then it adds the island's chunks as module scripts,
 * all at once (no waterfall through the entry's imports), and the entry hydrates every island of its kind
 * that was asked for. Script elements rather than `import()`: under a CSP that allows the starter by its
 * hash and `'strict-dynamic'`, scripts the starter adds are trusted, while an `import()` from an inline
 * script is not (measured in Chromium). A click on a button that does nothing without JavaScript
 * (`type="button"`, the passkey button) while its island loads is replayed once the island is hydrated;
 * every other click keeps its HTML meaning (a link, a form's submit), as the forms work without JavaScript.
 */
function startIslands(
  chunks: Record<string, IslandChunks>,
  island: string,
  state: string,
  registryKey: string,
  hydratedEvent: string,
) {
  const scope = window as unknown as Record<string, IslandRegistry>;
  scope[registryKey] ??= {};
  const registry = scope[registryKey];
  const requested = new Set<string>();
  const pending = new WeakMap<EventTarget, HTMLElement>();
  const load = (name: string, files: IslandChunks) => {
    if (requested.has(name)) return;
    requested.add(name);
    for (const file of [...files.imports, files.entry]) {
      const script = document.createElement("script");
      script.type = "module";
      script.src = file;
      script.onerror = () => {
        requested.delete(name);
        for (const element of document.querySelectorAll(`[${island}="${name}"][${state}="loading"]`)) {
          element.removeAttribute(state);
        }
      };
      document.head.appendChild(script);
    }
  };
  const start = (event: Event) => {
    const element = (event.target as HTMLElement | null)?.closest?.<HTMLElement>(`[${island}]`);
    if (!element || element.hasAttribute(state)) return;
    const name = element.getAttribute(island) ?? "";
    const files = chunks[name];
    if (!files) return;
    element.setAttribute(state, "loading");
    const hydrate = registry[name];
    if (hydrate) hydrate(element);
    else load(name, files);
  };
  for (const type of ["focusin", "pointerdown", "keydown"]) {
    document.addEventListener(type, start, { capture: true, passive: true });
  }
  document.addEventListener(
    "click",
    (event) => {
      const button = (event.target as HTMLElement | null)?.closest?.<HTMLElement>("button[type=button]");
      const element = button?.closest(`[${island}]`);
      if (button && element && element.getAttribute(state) === "loading") pending.set(element, button);
    },
    { capture: true },
  );
  document.addEventListener(hydratedEvent, (event) => {
    if (!event.target) return;
    pending.get(event.target)?.click();
    pending.delete(event.target);
  });
}

/** The starter's source for these chunks, for an inline <script>. */
export function islandStarterSource(chunks: Partial<IslandChunkMap>): string {
  const args = [chunks, ISLAND_ATTRIBUTE, ISLAND_STATE_ATTRIBUTE, ISLAND_REGISTRY, ISLAND_HYDRATED_EVENT];
  return `(${startIslands.toString()})(${args.map((arg) => JSON.stringify(arg)).join(", ")})`;
}
