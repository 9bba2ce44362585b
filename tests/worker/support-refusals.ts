import { env } from "cloudflare:test";
import { expect } from "vitest";
import { fetchWorker } from "./support";
import { allowed, hasShell, missingSecurityHeaders, uniqueIp } from "./support-hostile";

// What a hand-written refusal must be (hostile-page-requests, hostile-api-requests and
// hostile-lying-headers.test.ts): the page or JSON error it answers with, and what it stored.

export function send(path: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  if (!headers.has("CF-Connecting-IP")) headers.set("CF-Connecting-IP", uniqueIp());
  return fetchWorker(path, { redirect: "manual", ...init, headers });
}

/** What a refusal page must be, compared whole so a failure shows every difference at once. */
export async function expectPage(response: Response, status: number, allow?: string[]) {
  const html = await response.text();
  expect({
    status: response.status,
    missingHeaders: missingSecurityHeaders(response.headers),
    allow: allowed(response.headers).filter((method) => method !== "OPTIONS"),
    html: (response.headers.get("Content-Type") ?? "").startsWith("text/html"),
    shell: hasShell(html),
  }).toEqual({
    status,
    missingHeaders: [],
    allow: allow ? [...allow].sort() : expect.any(Array),
    html: true,
    shell: true,
  });
  return html;
}

export async function expectJsonError(response: Response, status: number, allow?: string[]) {
  const text = await response.text();
  let error: unknown;
  try {
    error = (JSON.parse(text) as { error?: unknown }).error;
  } catch {
    error = undefined;
  }
  expect({
    status: response.status,
    missingHeaders: missingSecurityHeaders(response.headers),
    allow: allowed(response.headers),
    json: (response.headers.get("Content-Type") ?? "").startsWith("application/json"),
    error: typeof error,
  }).toEqual({
    status,
    missingHeaders: [],
    allow: allow ? expect.arrayContaining(allow) : expect.any(Array),
    json: true,
    error: "string",
  });
}

export async function contactRows(marker: string): Promise<number> {
  const row = await env.DB.prepare("SELECT count(*) AS n FROM contact_submissions WHERE message LIKE ?")
    .bind(`%${marker}%`)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

let markers = 0;
export function marker(label: string): string {
  markers += 1;
  return `${label}-${Date.now()}-${markers}`;
}

export const FORM = "application/x-www-form-urlencoded";
