import { AFTER_PAINT_ATTRIBUTE, HELD_SCRIPT_TYPE } from "~/lib/client-runtime";

/**
 * Holds an interactive page's client runtime until the browser has painted it: React Router's module
 * preloads lose their `rel` and its inline module script its type, both marked for the starter
 * (app/lib/client-runtime.ts) that revives them after the first contentful paint. Without this the
 * preloaded modules download and run before the first frame on a fast connection, and Lighthouse counts
 * them into first and largest paint.
 */
export function holdClientRuntimeUntilPainted(response: Response): Response {
  return new HTMLRewriter()
    .on('link[rel="modulepreload"]', {
      element(link) {
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
