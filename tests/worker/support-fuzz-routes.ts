import { PAGE_ROUTES as PAGE_TABLE } from "../../app/lib/route-table";
import { validFields } from "./support-fuzz-requests";
import { API_ENTRIES, asJson, FORM_ROUTES, routePatterns } from "./support-hostile";

// The route table behind tests/worker/fuzz.test.ts, as the spec gives it: the API's routes with what a
// valid payload gets on each, every route pattern, and the pages that take a form. The random requests are
// support-fuzz-cases.ts, their Requests support-fuzz-requests.ts, what the answers must be
// support-fuzz-expectations.ts.

/** The API's routes by pattern, with their methods and whether they read JSON (from the route table). */
export const API_ROUTES: Record<string, { methods: readonly string[]; json: boolean }> = Object.fromEntries(
  API_ENTRIES.map((entry) => [`/api${entry.path}`, { methods: entry.methods, json: entry.json }]),
);

/**
 * Each JSON POST route of the model with its valid payload (as the fuzz encodes it) and the statuses the
 * model allows for it: request-policy.test.ts sends each once per kind of caller, so the model is checked
 * on every run, not only where a seed happens to go.
 */
export function validPayloadModel(): { pattern: string; body: () => string; statuses: number[] }[] {
  return Object.entries(API_ROUTES)
    .filter(([, route]) => route.json && route.methods.includes("POST"))
    .map(([pattern]) => ({
      pattern,
      // A new payload each time: some hold an address that may be used once (a registration).
      body: () => asJson(validFields({ kind: "route", pattern, path: pattern })),
      statuses: [VALID_PAYLOAD_STATUS[pattern] ?? 201].flat(),
    }));
}

/**
 * What a valid payload (a contact message's fields, unless validFields says otherwise) gets where it is not
 * 201: no account behind the login, any address's reset or privacy request, and the routes whose tokens or
 * passwords no fuzz case can know.
 */
export const VALID_PAYLOAD_STATUS: Record<string, number | number[]> = {
  "/api/login": 401,
  "/api/auth/forgot-password": 202,
  "/api/auth/confirm-email": 400,
  "/api/auth/reset-password": 400,
  "/api/auth/remove-factor": 400,
  "/api/auth/remove-passkey": 400,
  // A contact form's fields: 401 without a session, 400 with one (no password in them).
  "/api/account/password": [400, 401],
  "/api/account/email": [400, 401],
  "/api/account/confirm-email-change": 400,
  "/api/privacy/request": 202,
  "/api/privacy/export": 400,
  "/api/privacy/erase": 400,
  // Second factors: 401 without a session; with one, 400 (no password, code or credential in a contact
  // form), 403 where "Confirm it's you" is due, a new authenticator-app enrolment (201), or 409 when an
  // app is set up already (the fuzz's administrator has one).
  "/api/auth/reauthenticate": [400, 401],
  "/api/auth/totp": [201, 401, 403, 409],
  "/api/auth/totp/confirm": [400, 401, 403],
  "/api/auth/passkeys/options": 400,
  "/api/auth/passkeys": [400, 401, 403],
  // A passkey answer to no live challenge is refused before anything is checked (decision 133).
  "/api/auth/passkey-sign-in": 400,
  "/api/auth/passkey-confirm": [400, 401],
  // Editable content: no such verb or document (404), no session (401), a contact form is no document (400).
  "/api/admin/content/:name/:verb": [400, 401, 403, 404],
  // A thread's reply or note: no such verb or message (404), no session (401), no `text` (400).
  "/api/admin/messages/:id/:verb": [400, 401, 403, 404],
};

/** Every route pattern of the route table, as the fuzz aims at them. */
export const PATTERNS = routePatterns();

/** Every page of the route table: whether it takes a form is the table's word, even under a form's path. */
const PAGE_PATHS: ReadonlySet<string> = new Set(PAGE_TABLE.map((entry) => entry.path));

/** A form route, or a form route with parameters (say /reset-password/:token). */
export function isFormRoute(pattern: string): boolean {
  if (PAGE_PATHS.has(pattern)) return FORM_ROUTES.has(pattern);
  return [...FORM_ROUTES].some((route) => pattern.startsWith(`${route}/`));
}
