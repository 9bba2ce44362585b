import { AFTER_PAINT_ATTRIBUTE, HELD_SCRIPT_TYPE } from "~/lib/client-runtime";

/**
 * Holds an interactive page's client runtime until the browser has painted it: the module preload of
 * React Router's client entry (React DOM, the largest module) loses its `rel` and the inline module script
 * its type, both marked for the starter (app/lib/client-runtime.ts) that revives them after the first
 * contentful paint. Without this the preloaded modules download and run before the first frame on a fast
 * connection, and Lighthouse counts them into first and largest paint.
 *
 * The other module preloads are dropped: the module script finds those modules itself, a level or two
 * deeper, and each preload inserted after paint cost the main thread 1–6 ms under a 4× slower CPU, the
 * seventeen of them enough to turn hydration's tasks into long ones (docs/architecture.md).
 */
export function holdClientRuntimeUntilPainted(response: Response, entryModule: string): Response {
  return new HTMLRewriter()
    .on('link[rel="modulepreload"]', {
      element(link) {
        if (link.getAttribute("href") !== entryModule) {
          link.remove();
          return;
        }
        link.removeAttribute("rel");
        link.setAttribute(AFTER_PAINT_ATTRIBUTE, "");
      },
    })
    .on('script[type="module"]', {
      element(script) {
        script.setAttribute("type", HELD_SCRIPT_TYPE);
        script.setAttribute(AFTER_PAINT_ATTRIBUTE, "");
      },
    })
    .transform(response);
}
