import { exports } from "cloudflare:workers";
import { expect } from "vitest";

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

/** The CSP of a rendered response: a per-response nonce. */
export const NONCE_SCRIPTS = /script-src 'nonce-[A-Za-z0-9+/=]{20,}' 'strict-dynamic'/;
/** A prerendered or held page ships no script and allows its inline stylesheet by hash. */
export const NO_SCRIPTS = /script-src 'none'; style-src 'self' 'sha256-[A-Za-z0-9+/=]{44}'/;

/** Every header docs/standards.md asks of every response, with `scripts` the expected script/style policy. */
export function expectSecurityHeaders(response: Response, scripts = NONCE_SCRIPTS) {
  const csp = response.headers.get("Content-Security-Policy") ?? "";
  expect(csp).toMatch(scripts);
  for (const directive of [
    "default-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ]) {
    expect(csp).toContain(directive);
  }
  expect(csp).not.toContain("unsafe-inline");
  expect(response.headers.get("Strict-Transport-Security")).toBe("max-age=31536000; includeSubDomains");
  expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
  expect(response.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
  expect(response.headers.get("Permissions-Policy")).toContain("camera=()");
  expect(response.headers.get("X-Frame-Options")).toBe("DENY");
  expect(response.headers.get("Cross-Origin-Resource-Policy")).toBe("same-origin");
}

/**
 * Sends until a per-minute limiter answers 429, at most twice its limit and once more: its windows are
 * aligned to the clock (as Cloudflare's are), so a run may cross into a new window once and count again
 * from nought. The statuses before the 429, and the 429 (null if it never came).
 */
export async function untilLimited(
  limit: number,
  send: (attempt: number) => Promise<Response>,
): Promise<{ before: number[]; limited: Response | null }> {
  const before: number[] = [];
  for (let attempt = 0; attempt < 2 * limit + 1; attempt++) {
    const response = await send(attempt);
    if (response.status === 429) return { before, limited: response };
    before.push(response.status);
  }
  return { before, limited: null };
}
