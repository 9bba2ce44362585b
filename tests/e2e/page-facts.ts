import type { Page } from "@playwright/test";

// The facts behind Lighthouse's performance score that a change can break and that no machine's load
// can move (GUIDE.md section 4): what the browser requests, whether any of it blocks rendering, layout
// shift, and what the largest paint is. Measured in Chromium on the served page.

/**
 * Distinct requests a page makes, everything included: the document, the favicon, its images and films' metadata,
 * and on router pages each JavaScript chunk and React Router's route manifest. A page not listed
 * makes two (the document and the favicon). A new chunk or image changes a number here on purpose.
 */
export const EXPECTED_REQUESTS: Record<string, number> = {
  "/facetsre": 4, // + poster (preloaded), film metadata
  "/workzone": 4,
  "/email-dao": 3, // + the signature's logo
  "/email-image": 3, // + the signature image
  // The island pages (/login, /contact) make two until a person interacts (tests/e2e/islands.spec.ts).
};

export function expectedRequests(path: string): number {
  return EXPECTED_REQUESTS[path] ?? 2;
}

export interface PaintFacts {
  /** Sum of layout shifts not caused by input. */
  cls: number;
  /** Resources Chromium marked render-blocking. */
  blocking: string[];
  /** The largest contentful paint: "text" or the image's URL and whether the head preloads it. */
  largest: { kind: "text" } | { kind: "image"; url: string; preloaded: boolean } | { kind: "none" };
}

/** Reads the facts from the page's performance timeline (entries are buffered since navigation). */
export function paintFacts(page: Page): Promise<PaintFacts> {
  return page.evaluate(async () => {
    // `observe` with `buffered` puts the entries recorded so far in the observer's buffer at once, and
    // `takeRecords` hands them over: no waiting for a callback that never comes when there are none.
    const buffered = async (type: string): Promise<PerformanceEntryList> => {
      if (!PerformanceObserver.supportedEntryTypes.includes(type)) return [];
      const observer = new PerformanceObserver(() => {});
      observer.observe({ type, buffered: true });
      const entries = observer.takeRecords();
      observer.disconnect();
      return entries;
    };
    type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean };
    type Largest = PerformanceEntry & { url: string };
    const shifts = (await buffered("layout-shift")) as Shift[];
    const largest = (await buffered("largest-contentful-paint")).at(-1) as Largest | undefined;
    const preloads = [...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="image"]')];
    return {
      cls: shifts.reduce((sum, shift) => sum + (shift.hadRecentInput ? 0 : shift.value), 0),
      blocking: performance
        .getEntriesByType("resource")
        .filter(
          (entry) =>
            (entry as PerformanceEntry & { renderBlockingStatus?: string }).renderBlockingStatus ===
            "blocking",
        )
        .map((entry) => entry.name),
      largest: !largest
        ? { kind: "none" as const }
        : largest.url
          ? {
              kind: "image" as const,
              url: largest.url,
              preloaded: preloads.some((l) => l.href === largest.url),
            }
          : { kind: "text" as const },
    };
  });
}
