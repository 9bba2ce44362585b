// Interactive pages start their JavaScript only once the browser has painted them (docs/architecture.md,
// "Interactive pages paint first"). The server turns React Router's inline module script into an inert
// data block naming the client entry (app/server/delivery/client-runtime.server.ts); this starter, inlined in the
// page, preloads that module and runs the script after the first contentful paint. The forms work without
// JavaScript meanwhile.

/** Marks an element the server held back until after first paint. */
export const AFTER_PAINT_ATTRIBUTE = "data-after-paint";

/** On the held script: the module to preload when it starts (React Router's client entry). */
export const PRELOAD_ATTRIBUTE = "data-preload";

/** The type that keeps the held module script from running. */
export const HELD_SCRIPT_TYPE = "text/x-after-paint";

function startAfterFirstPaint(attribute: string, preloadAttribute: string) {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const held of document.querySelectorAll<HTMLScriptElement>(`script[${attribute}]`)) {
      const preload = held.getAttribute(preloadAttribute);
      if (preload) {
        const link = document.createElement("link");
        link.rel = "modulepreload";
        link.href = preload;
        link.nonce = held.nonce ?? "";
        document.head.appendChild(link);
      }
      const script = document.createElement("script");
      script.type = "module";
      script.nonce = held.nonce ?? "";
      script.textContent = held.textContent;
      held.replaceWith(script);
    }
  };
  const afterPaint = () => setTimeout(start);
  if (window.PerformanceObserver?.supportedEntryTypes?.includes("paint")) {
    new PerformanceObserver((list, observer) => {
      if (list.getEntriesByName("first-contentful-paint").length === 0) return;
      observer.disconnect();
      afterPaint();
    }).observe({ type: "paint", buffered: true });
  } else {
    addEventListener("DOMContentLoaded", () => requestAnimationFrame(afterPaint));
  }
  // Should no paint ever be reported, the page still becomes interactive.
  addEventListener("load", () => setTimeout(start, 2_000));
}

/** The starter's source, for an inline <script> with the page's nonce. */
export const CLIENT_RUNTIME_STARTER = `(${startAfterFirstPaint.toString()})(${JSON.stringify(AFTER_PAINT_ATTRIBUTE)}, ${JSON.stringify(PRELOAD_ATTRIBUTE)})`;
