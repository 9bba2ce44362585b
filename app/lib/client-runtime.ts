// Interactive pages start their JavaScript only once the browser has painted them (docs/architecture.md,
// "Interactive pages paint first"). The server holds the client entry's module preload and React Router's
// inline module script inert (app/server/client-runtime.server.ts); this starter, inlined in the page,
// revives them after the first contentful paint. The forms work without JavaScript meanwhile.

/** Marks an element the server held back until after first paint. */
export const AFTER_PAINT_ATTRIBUTE = "data-after-paint";

/** The type that keeps the held module script from running. */
export const HELD_SCRIPT_TYPE = "text/x-after-paint";

function startAfterFirstPaint(attribute: string) {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const held of document.querySelectorAll<HTMLLinkElement>(`link[${attribute}]`)) {
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.href = held.href;
      link.nonce = held.nonce ?? "";
      held.replaceWith(link);
    }
    for (const held of document.querySelectorAll<HTMLScriptElement>(`script[${attribute}]`)) {
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
export const CLIENT_RUNTIME_STARTER = `(${startAfterFirstPaint.toString()})(${JSON.stringify(AFTER_PAINT_ATTRIBUTE)})`;
