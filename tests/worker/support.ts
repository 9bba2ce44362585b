import { exports } from "cloudflare:workers";

export const ORIGIN = "http://localhost";

/** Sends a request through the built Worker, exactly as a browser's request would arrive. */
export function fetchWorker(path: string, init?: RequestInit): Promise<Response> {
  return exports.default.fetch(new Request(new URL(path, ORIGIN), init));
}

/** Fetches a page and returns its status and HTML. */
export async function fetchPage(path: string, init?: RequestInit) {
  const response = await fetchWorker(path, init);
  return { response, status: response.status, html: await response.text() };
}

/** The visible text of an HTML fragment, with tags removed and whitespace folded. */
export function textOf(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, " ")
    .trim();
}
