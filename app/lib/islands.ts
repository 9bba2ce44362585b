// Islands (docs/architecture.md, "Island pages"): a page rendered on the server whose interactive parts are
// hydrated one by one with React's own `hydrateRoot`, without React Router in the browser. The server
// writes each island as an element with its name and its props (app/components/island.tsx); an inline
// starter waits for a person's first focus, pointer-down or key inside an island, then imports that
// island's chunk (React DOM with it) and hydrates that island alone (app/islands/runtime.tsx). Until then
// the page ships no other JavaScript, and its forms work as plain HTML forms.

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

/** What an island's entry chunk exports: hydrates the island in `element`, resolved once it is hydrated. */
export interface IslandModule {
  hydrate(element: HTMLElement): Promise<void>;
}

/**
 * The starter, inlined at the end of an island page's body. It listens once, on the document, for the
 * first focus, pointer-down or key inside each island; then it imports the island's chunks all at once
 * (no waterfall through the entry's imports) and hydrates it. A click on a button that does nothing
 * without JavaScript (`type="button"`, the passkey button) while its island loads is replayed once the
 * island is hydrated; every other click keeps its HTML meaning (a link, a form's submit). Should loading
 * fail, the next interaction tries again, and the forms go on working without JavaScript meanwhile.
 */
function startIslands(chunks: Record<string, IslandChunks>, island: string, state: string) {
  const started = new WeakSet<Element>();
  const pending = new WeakMap<Element, HTMLElement>();
  const start = (event: Event) => {
    const element = (event.target as Element | null)?.closest?.(`[${island}]`);
    if (!element || started.has(element)) return;
    const files = chunks[element.getAttribute(island) ?? ""];
    if (!files) return;
    started.add(element);
    element.setAttribute(state, "loading");
    Promise.all([files.entry, ...files.imports].map((file) => import(file)))
      .then(([module]) => (module as IslandModule).hydrate(element as HTMLElement))
      .then(() => {
        pending.get(element)?.click();
        pending.delete(element);
      })
      .catch(() => {
        started.delete(element);
        element.removeAttribute(state);
      });
  };
  for (const type of ["focusin", "pointerdown", "keydown"]) {
    document.addEventListener(type, start, { capture: true, passive: true });
  }
  document.addEventListener(
    "click",
    (event) => {
      const button = (event.target as Element | null)?.closest?.("button[type=button]");
      const element = button?.closest(`[${island}]`);
      if (button && element && element.getAttribute(state) === "loading") {
        pending.set(element, button as HTMLElement);
      }
    },
    { capture: true },
  );
}

/** The starter's source for these chunks, for an inline <script>. */
export function islandStarterSource(chunks: Partial<IslandChunkMap>): string {
  return `(${startIslands.toString()})(${JSON.stringify(chunks)}, ${JSON.stringify(ISLAND_ATTRIBUTE)}, ${JSON.stringify(ISLAND_STATE_ATTRIBUTE)})`;
}
