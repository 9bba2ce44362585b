import { env } from "cloudflare:test";
import { API_ROUTES, type ApiEntry, formPaths, PAGE_ROUTES } from "../../app/lib/route-table";
import { ORIGIN } from "./support";
import { ROW_ACTION_NAMES } from "./support-row-actions";

// What every answer must carry, whatever was asked (docs/standards.md), written here from the
// spec rather than imported from app/, so the tests check the guards instead of repeating them.

export const MAX_BODY_BYTES = 16 * 1024;

/** The canonical origin of the built worker's wrangler.json; requests may also come from ORIGIN. */
export const SITE_ORIGIN = "https://facets.example";

export function isOurOrigin(origin: string): boolean {
  return origin === ORIGIN || origin === SITE_ORIGIN;
}

/** Page routes that take an HTML form POST, as the route table declares them. */
export const FORM_ROUTES: ReadonlySet<string> = new Set(formPaths);

/**
 * The route table's API routes, with its one route of the dashboard's row actions (`/admin/:action/:id`)
 * as one route per action that ADMIN_ACTIONS declares: the URLs a caller can reach.
 */
export const API_ENTRIES: readonly ApiEntry[] = API_ROUTES.flatMap((entry) =>
  entry.path.includes(":action")
    ? ROW_ACTION_NAMES.map((name) => ({ ...entry, path: entry.path.replace(":action", name) }))
    : [entry],
);

/** Every path pattern of the route table: each page, each route under /api and the API's catch-all. */
export function routePatterns(): string[] {
  return [
    ...PAGE_ROUTES.map((entry) => entry.path),
    ...API_ENTRIES.map((entry) => `/api${entry.path}`),
    "/api/*",
  ];
}

export const SECURITY_HEADERS = [
  "Content-Security-Policy",
  "Strict-Transport-Security",
  "X-Content-Type-Options",
  "Referrer-Policy",
  "X-Frame-Options",
  "Cross-Origin-Opener-Policy",
];

/** The security headers an answer lacks, named. */
export function missingSecurityHeaders(headers: Headers): string[] {
  const missing = SECURITY_HEADERS.filter((name) => !headers.get(name));
  if (headers.get("X-Content-Type-Options") && headers.get("X-Content-Type-Options") !== "nosniff") {
    missing.push("X-Content-Type-Options: nosniff");
  }
  return missing;
}

/** The site shell: the header (banner landmark) and the footer (contentinfo) of root.tsx. */
export function hasShell(html: string): boolean {
  return /<header[\s>]/.test(html) && /<footer[\s>]/.test(html);
}

/** The methods an Allow header names, upper-cased. */
export function allowed(headers: Headers): string[] {
  return (headers.get("Allow") ?? "")
    .split(",")
    .map((method) => method.trim().toUpperCase())
    .filter(Boolean)
    .sort();
}

let ipCounter = Math.floor(Math.random() * 2 ** 20);

/** A client address no other request of this run has used, so the per-IP limiter stays out of the way. */
export function uniqueIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

let emailCounter = 0;
export function uniqueAddress(label: string): string {
  emailCounter += 1;
  return `${label}-${Date.now()}-${emailCounter}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

/** Rows of the tables a request from outside can add to. */
export async function rowCounts(): Promise<{ users: number; contacts: number }> {
  const row = await env.DB.prepare(
    "SELECT (SELECT count(*) FROM users) AS users, (SELECT count(*) FROM contact_submissions) AS contacts",
  ).first<{ users: number; contacts: number }>();
  return { users: row?.users ?? 0, contacts: row?.contacts ?? 0 };
}

export const BOUNDARY = "----facetsFuzzBoundary7MA4YWxkTrZu0gW";

/** A well-formed multipart/form-data body of text fields. */
export function multipartBody(fields: Record<string, string>, boundary = BOUNDARY): string {
  const parts = Object.entries(fields).map(
    ([name, value]) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name.replace(/"/g, "%22")}"\r\n\r\n${value}\r\n`,
  );
  return `${parts.join("")}--${boundary}--\r\n`;
}

export function contactFields(marker: string): Record<string, string> {
  return {
    firstName: "Grace",
    lastName: "Hopper",
    email: uniqueAddress("contact"),
    company: "Navy",
    phone: "+1 555 0100",
    userTypeId: "2",
    paymentMethod: "USDT",
    message: `Hostile-request test message ${marker}`,
  };
}

export function registrationFields(email: string): Record<string, string> {
  return {
    email,
    password: "correct horse battery",
    firstName: "Ada",
    lastName: "Lovelace",
    company: "Analytical Engines",
    phone: "+44 20 0000 0000",
    userTypeId: "2",
  };
}

/** The JSON shape of form fields: area of interest as a number, as the API's clients send it. */
export function asJson(fields: Record<string, string>): string {
  const { userTypeId, ...rest } = fields;
  return JSON.stringify(userTypeId === undefined ? rest : { ...rest, userTypeId: Number(userTypeId) });
}
