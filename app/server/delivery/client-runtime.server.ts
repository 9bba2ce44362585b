import { AFTER_PAINT_ATTRIBUTE, HELD_SCRIPT_TYPE, PRELOAD_ATTRIBUTE } from "~/lib/client-runtime";

/**
 * Holds an interactive page's client runtime until the browser has painted it: React Router's inline
 * module script becomes a data block (an inert type, no `async`) that names the client entry (React DOM,
 * the largest module) in `data-preload`, for the starter (app/lib/client-runtime.ts) that preloads that
 * module and runs the script after the first contentful paint. Without this the preloaded modules
 * download and run before the first frame on a fast connection, and Lighthouse counts them into first
 * and largest paint. The page stays valid HTML: a data block may carry data attributes, not `async`.
 *
 * Every module preload is dropped: the module script finds those modules itself, a level or two deeper,
 * and each preload inserted after paint cost the main thread 1–6 ms under a 4× slower CPU, the
 * seventeen of them enough to turn hydration's tasks into long ones (docs/architecture.md).
 */
export function holdClientRuntimeUntilPainted(response: Response, entryModule: string): Response {
  return new HTMLRewriter()
    .on('link[rel="modulepreload"]', {
      element(link) {
        link.remove();
      },
    })
    .on('script[type="module"]', {
      element(script) {
        script.setAttribute("type", HELD_SCRIPT_TYPE);
        script.removeAttribute("async");
        script.setAttribute(AFTER_PAINT_ATTRIBUTE, "");
        script.setAttribute(PRELOAD_ATTRIBUTE, entryModule);
      },
    })
    .transform(response);
}
