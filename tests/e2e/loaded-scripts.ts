import { gzipSync } from "node:zlib";
import { expect, type Page, type Response as PageResponse } from "@playwright/test";

export interface LoadedScript {
  url: string;
  text: string;
  gzip: number;
}

/**
 * Notes the URL of every script the page loads from the moment it is called, and reads their bodies only
 * when asked, through the page's own request context. A response's body belongs to the document that
 * loaded it: read after that document navigated away (a sign-in's redirect, the next `goto`), Chromium has
 * dropped it ("Response body is not available for a response that was navigated away from"), and on a busy
 * machine a read started in the listener still finishes after the navigation. Scripts are immutable build
 * assets, so a second GET returns the very bytes the page ran.
 */
export function watchScripts(page: Page) {
  const urls = new Set<string>();
  const note = (response: PageResponse) => {
    if (response.request().resourceType() === "script") urls.add(response.url());
  };
  page.on("response", note);
  return {
    urls,
    /** Stops noting; the URLs noted so far stay. */
    stop: () => page.off("response", note),
    /** Each script noted so far, its text and its gzip size. */
    async read(): Promise<LoadedScript[]> {
      return Promise.all(
        [...urls].map(async (url) => {
          const response = await page.request.get(url);
          expect(response.status(), url).toBe(200);
          const body = await response.body();
          return { url, text: body.toString("utf8"), gzip: gzipSync(body).length };
        }),
      );
    },
  };
}

/** The gzip size of the scripts, added up. */
export const gzipTotal = (scripts: LoadedScript[]) => scripts.reduce((sum, script) => sum + script.gzip, 0);
