import { exports } from "cloudflare:workers";
import fc from "fast-check";
import { PAGE_ROUTES as PAGE_TABLE } from "../../app/lib/route-table";
import { ORIGIN } from "./support";
import {
  API_ENTRIES,
  allowed,
  asJson,
  BOUNDARY,
  contactFields,
  FORM_ROUTES,
  hasShell,
  isOurOrigin,
  MAX_BODY_BYTES,
  missingSecurityHeaders,
  multipartBody,
  registrationFields,
  routePatterns,
  rowCounts,
  uniqueAddress,
  uniqueIp,
} from "./support-hostile";

// The model behind tests/worker/fuzz.test.ts: random requests as small descriptions (a failure prints a
// readable counterexample), how to turn one into a Request, and what the spec says the answer must be.

// ---------------------------------------------------------------- the route table, as the spec gives it

/** The API's routes by pattern, with their methods and whether they read JSON (from the route table). */
const API_ROUTES: Record<string, { methods: readonly string[]; json: boolean }> = Object.fromEntries(
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
const VALID_PAYLOAD_STATUS: Record<string, number | number[]> = {
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
};

const PATTERNS = routePatterns();

// ---------------------------------------------------------------- the case model

type Target =
  | { kind: "route"; pattern: string; path: string }
  | { kind: "unknown-page"; path: string }
  | { kind: "unknown-api"; path: string }
  /** Anything else: React Router's .data and manifest doors, odd encodings, trailing slashes. */
  | { kind: "junk"; path: string };

type BodySpec =
  | { kind: "none" }
  /** The route's own valid payload, in whatever encoding the content type names. */
  | { kind: "valid" }
  | { kind: "fields"; fields: Record<string, string> }
  | { kind: "json"; value: unknown }
  | { kind: "text"; text: string }
  | { kind: "bytes"; bytes: number[] }
  | { kind: "deep"; depth: number; open: "[" | '{"a":'; closed: boolean }
  | { kind: "huge-number"; digits: number }
  | { kind: "oversize"; size: number; fill: "json" | "form" | "bytes" };

export interface Case {
  method: string;
  target: Target;
  contentType: string | null;
  body: BodySpec;
  origin: string | null;
  secFetchSite: string | null;
  contentLength: string | null;
  cookie: string | null;
  range: string | null;
  conditional: [string, string] | null;
}

// ---------------------------------------------------------------- arbitraries

const junkSegments = [
  "%",
  "%ZZ",
  "%00",
  "%FF",
  "%C0%AF",
  "%E0%A4%A",
  "%ED%A0%80",
  "%0d%0aSet-Cookie:%20x=1",
  "%3Cscript%3E",
  "'%20OR%201=1--",
];

const segmentArb = fc.oneof(
  fc.stringMatching(/^[a-z0-9-]{1,20}$/),
  fc.constantFrom(...junkSegments),
  fc.string({ unit: "grapheme", minLength: 1, maxLength: 12 }).map(encodeURIComponent),
  fc.integer({ min: 1000, max: 20_000 }).map((n) => "a".repeat(n)),
);

const paramArb = fc.oneof(
  fc.constantFrom("1", "2", "0", "-1", "abc", "1e3", "99999999999999999999", "workzone", "facetsre-test"),
  fc.nat().map(String),
  segmentArb,
);

const queryArb = fc.option(
  fc.oneof(
    fc.constantFrom(
      "?tab=register",
      "?tab=contacts&page=999999999999",
      "?page=-1",
      "?subject=token_buy",
      "?subject=%",
      "?index",
      "?_data=root",
      "?a=%ZZ&a=%00",
      `?q=${"x".repeat(8000)}`,
    ),
    fc.string({ unit: "grapheme", maxLength: 30 }).map((text) => `?q=${encodeURIComponent(text)}`),
  ),
  { nil: "" },
);

function routeTarget(pattern: string): fc.Arbitrary<Target> {
  const names = pattern.match(/:[A-Za-z]+\??|\*/g) ?? [];
  return fc
    .tuple(fc.array(paramArb, { minLength: names.length, maxLength: names.length }), queryArb)
    .map(([values, query]) => {
      let index = 0;
      const path = pattern.replace(/:[A-Za-z]+\??|\*/g, () => values[index++] ?? "1");
      return { kind: "route", pattern, path: `${path}${query}` };
    });
}

/** Every page of the route table: whether it takes a form is the table's word, even under a form's path. */
const PAGE_PATHS: ReadonlySet<string> = new Set(PAGE_TABLE.map((entry) => entry.path));

/** A form route, or a form route with parameters (say /reset-password/:token). */
export function isFormRoute(pattern: string): boolean {
  if (PAGE_PATHS.has(pattern)) return FORM_ROUTES.has(pattern);
  return [...FORM_ROUTES].some((route) => pattern.startsWith(`${route}/`));
}

/** Routes that read a body or take a POST are where the guards matter: they come up more often. */
function weightOf(pattern: string): number {
  return isFormRoute(pattern) || pattern.startsWith("/api/") ? 4 : 1;
}

const routeTargetArb = fc.oneof(
  ...PATTERNS.map((pattern) => ({ weight: weightOf(pattern), arbitrary: routeTarget(pattern) })),
);

/** A path the URL parser leaves under `prefix` (no dot segments climbing out of it). */
function underPrefix(prefix: string, kind: "unknown-page" | "unknown-api"): fc.Arbitrary<Target> {
  return fc
    .tuple(fc.array(segmentArb, { minLength: 1, maxLength: 3 }), queryArb)
    .map(([segments, query]): Target => ({ kind, path: `${prefix}${segments.join("/")}${query}` }))
    .filter((target) => urlOf(target.path).pathname.startsWith(prefix));
}

const unknownApiArb = fc.oneof(
  underPrefix("/api/zz-", "unknown-api"),
  fc.constantFrom<Target>(
    { kind: "unknown-api", path: "/api/" },
    { kind: "unknown-api", path: "/api/does-not-exist" },
    { kind: "unknown-api", path: "/api/login/extra" },
    { kind: "unknown-api", path: "/api/video" },
    { kind: "unknown-api", path: "/api/admin" },
    { kind: "unknown-api", path: "/api/admin/approve-user" },
  ),
);

const junkArb = fc
  .oneof(
    fc.constantFrom(
      "//",
      "/./contact",
      "/%2e%2e/admin",
      "/contact/",
      "/login/",
      "/__manifest?p=/&version=x",
      "/__manifest?p=%ZZ",
      "/_root.data",
      "/api",
      "/API/LOGIN",
      "/index.html",
      "/favicon.svg",
      "/\\evil.example",
      "/%5c%5cevil.example",
      "/contact;jsessionid=1",
    ),
    // React Router's single-fetch door of every route.
    fc
      .constantFrom(...PATTERNS.map((pattern) => pattern.replace(/:[A-Za-z]+\??|\*/g, "1")))
      .map((path) => (path === "/" ? "/_root.data" : `${path}.data`)),
    fc.webPath(),
  )
  .map((path): Target => ({ kind: "junk", path }));

const targetArb = fc.oneof(
  { weight: 8, arbitrary: routeTargetArb },
  { weight: 1, arbitrary: underPrefix("/zz-", "unknown-page") },
  { weight: 1, arbitrary: unknownApiArb },
  { weight: 2, arbitrary: junkArb },
);

const methodArb = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom("GET", "HEAD", "POST") },
  { weight: 3, arbitrary: fc.constantFrom("PUT", "PATCH", "DELETE", "OPTIONS") },
  // Tokens workerd's Request accepts beyond the usual ones (it refuses unregistered ones like "FOO").
  {
    weight: 1,
    arbitrary: fc.constantFrom("PROPFIND", "PURGE", "TRACE", "MKCOL", "QUERY", "patch", "delete"),
  },
);

const contentTypeArb = fc.constantFrom(
  null,
  "application/json",
  "application/json; charset=utf-8",
  "APPLICATION/JSON",
  "application/x-www-form-urlencoded",
  "application/x-www-form-urlencoded; charset=UTF-8",
  `multipart/form-data; boundary=${BOUNDARY}`,
  "multipart/form-data",
  "text/plain",
  "text/plain;charset=UTF-8",
  "application/octet-stream",
  "",
  "foo",
  ";;;",
  "application/xml",
  "application/jsonx",
  "multipart/mixed; boundary=x",
  "text/html",
);

const fieldsArb = fc.dictionary(
  fc.oneof(
    fc.constantFrom("email", "password", "firstName", "message", "userTypeId", "intent", "id", "website"),
    fc.string({ maxLength: 10 }),
  ),
  fc.oneof(fc.string({ unit: "grapheme", maxLength: 40 }), fc.constantFrom("1", "register", "approve", "")),
  { maxKeys: 6 },
);

const bodyArb: fc.Arbitrary<BodySpec> = fc.oneof(
  { weight: 2, arbitrary: fc.constant<BodySpec>({ kind: "none" }) },
  { weight: 4, arbitrary: fc.constant<BodySpec>({ kind: "valid" }) },
  { weight: 2, arbitrary: fieldsArb.map((fields): BodySpec => ({ kind: "fields", fields })) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((value): BodySpec => ({ kind: "json", value })) },
  {
    weight: 1,
    arbitrary: fc
      .string({ unit: "binary", maxLength: 200 })
      .map((text): BodySpec => ({ kind: "text", text })),
  },
  {
    weight: 1,
    arbitrary: fc
      .array(
        fc.oneof(fc.constantFrom(0x00, 0xff, 0xfe, 0xc0, 0x80, 0xed, 0xa0, 0x7b, 0x22, 0x5b), fc.nat(255)),
        { maxLength: 64 },
      )
      .map((bytes): BodySpec => ({ kind: "bytes", bytes })),
  },
  {
    weight: 1,
    arbitrary: fc
      .record({
        depth: fc.integer({ min: 100, max: 10_000 }),
        open: fc.constantFrom<"[" | '{"a":'>("[", '{"a":'),
        closed: fc.boolean(),
      })
      .map(
        ({ depth, open, closed }): BodySpec => ({
          kind: "deep",
          // Keep {"a": nesting under the size bound, so it is the depth that is tested.
          depth: open === "[" ? depth : Math.min(depth, 2_500),
          open,
          closed,
        }),
      ),
  },
  {
    weight: 1,
    arbitrary: fc
      .integer({ min: 20, max: 5_000 })
      .map((digits): BodySpec => ({ kind: "huge-number", digits })),
  },
  {
    weight: 1,
    arbitrary: fc
      .record({
        size: fc.integer({ min: MAX_BODY_BYTES + 1, max: 160 * 1024 }),
        fill: fc.constantFrom<"json" | "form" | "bytes">("json", "form", "bytes"),
      })
      .map(({ size, fill }): BodySpec => ({ kind: "oversize", size, fill })),
  },
);

/** Mostly the plain values (so requests get past the first guard), often a hostile one. */
function usually<T>(plain: T[], hostile: T[]): fc.Arbitrary<T> {
  return fc.oneof(
    { withCrossShrink: true },
    { weight: 3, arbitrary: fc.constantFrom(...plain) },
    { weight: 2, arbitrary: fc.constantFrom(...hostile) },
  );
}

export const caseArb: fc.Arbitrary<Case> = fc.record({
  method: methodArb,
  target: targetArb,
  contentType: contentTypeArb,
  body: bodyArb,
  // Our own origin only: SITE_ORIGIN differs from the test URL's, which React Router itself refuses.
  origin: usually<string | null>(
    [null, ORIGIN],
    [
      "https://evil.example",
      "null",
      "",
      "http://localhost.evil.example",
      "http://localhost:8080",
      "::garbage::",
    ],
  ),
  secFetchSite: usually<string | null>(
    [null, "same-origin"],
    ["same-site", "cross-site", "none", "Cross-Site", "?1"],
  ),
  contentLength: usually<string | null>([null], ["0", "1", "16384", "17000", "99999999", "-1", "abc", "1e3"]),
  cookie: usually<string | null>(
    [null, "member", "admin"],
    [
      `session=${"a".repeat(52)}`,
      "session=%",
      "session=%E0%A4%A",
      "flash=%ZZ",
      "flash=%7B%22title%22%3A",
      `session=${"x".repeat(4000)}`,
      "__Host-session=abc; session=",
      "=;;=;",
    ],
  ),
  range: usually<string | null>(
    [null],
    [
      "bytes=0-10",
      "bytes=-5",
      "bytes=999999999-",
      "bytes=5-1",
      "bytes=0-1,2-3",
      "items=0-1",
      "bytes=",
      "bytes=-0",
      `bytes=0-${"9".repeat(400)}`,
    ],
  ),
  conditional: usually<[string, string] | null>(
    [null],
    [
      ["If-None-Match", "*"],
      ["If-Match", '"nope"'],
      ["If-Range", "garbage"],
      ["If-Modified-Since", "not a date"],
      ["If-Unmodified-Since", "Thu, 01 Jan 1970 00:00:00 GMT"],
    ],
  ),
});

// ---------------------------------------------------------------- from a case to a request

type Family = "json" | "urlencoded" | "multipart" | "multipart-no-boundary" | "other";

export function familyOf(contentType: string | null): Family {
  if (contentType === null) return "other";
  const mime = (contentType.split(";")[0] ?? "").trim().toLowerCase();
  if (mime === "application/json") return "json";
  if (mime === "application/x-www-form-urlencoded") return "urlencoded";
  if (mime === "multipart/form-data")
    return /boundary=/i.test(contentType) ? "multipart" : "multipart-no-boundary";
  return "other";
}

/** The path on our origin, as written: "//x" stays a path rather than becoming a host. */
function urlOf(path: string): URL {
  return new URL(`${ORIGIN}${path}`);
}

function pathnameOf(target: Target): string {
  return urlOf(target.path).pathname;
}

/** The API's paths: everything under /api/, and /api itself (the catch-all's JSON 404). */
function isApiPathname(pathname: string): boolean {
  return pathname === "/api" || pathname.startsWith("/api/");
}

function isApi(target: Target): boolean {
  return isApiPathname(pathnameOf(target));
}

/** The route's valid payload as form fields. */
function validFields(target: Target): Record<string, string> {
  const pattern = target.kind === "route" ? target.pattern : "";
  if (pattern === "/api/register") return registrationFields(uniqueAddress("fuzz-register"));
  if (pattern === "/login") {
    const fields = registrationFields(uniqueAddress("fuzz-form-register"));
    return { intent: "register", ...fields, confirmPassword: fields.password ?? "" };
  }
  if (pattern === "/api/login") return { email: uniqueAddress("fuzz-nobody"), password: "not the password" };
  if (pattern === "/admin") return { intent: "approve", id: "1" };
  return contactFields(`fuzz-${Date.now()}`);
}

function encodeFields(fields: Record<string, string>, family: Family, api: boolean): string {
  if (family === "json") return asJson(fields);
  if (family === "urlencoded") return new URLSearchParams(fields).toString();
  if (family === "multipart" || family === "multipart-no-boundary") return multipartBody(fields);
  return api ? asJson(fields) : new URLSearchParams(fields).toString();
}

const encoder = new TextEncoder();

function bodyBytes(c: Case): Uint8Array<ArrayBuffer> | null {
  const family = familyOf(c.contentType);
  const api = isApi(c.target);
  const spec = c.body;
  switch (spec.kind) {
    case "none":
      return null;
    case "valid":
      return encoder.encode(encodeFields(validFields(c.target), family, api));
    case "fields":
      return encoder.encode(encodeFields(spec.fields, family, api));
    case "json":
      return encoder.encode(JSON.stringify(spec.value) ?? "null");
    case "text":
      return encoder.encode(spec.text);
    case "bytes":
      return Uint8Array.from(spec.bytes);
    case "deep":
      return encoder.encode(
        spec.open.repeat(spec.depth) + (spec.closed ? closing(spec.open, spec.depth) : ""),
      );
    case "huge-number":
      return encoder.encode(
        `{"firstName":1e999999,"userTypeId":${"9".repeat(spec.digits)},"id":-0.${"0".repeat(spec.digits)}1}`,
      );
    case "oversize": {
      if (spec.fill === "bytes")
        return Uint8Array.from({ length: spec.size }, (_, i) => (i % 2 ? 0xff : 0x00));
      const [head, tail] = spec.fill === "json" ? ['{"message":"', '"}'] : ["message=", ""];
      return encoder.encode(head + "x".repeat(spec.size - head.length - tail.length) + tail);
    }
  }
}

function closing(open: "[" | '{"a":', depth: number): string {
  return (open === "[" ? "]" : "}").repeat(depth);
}

export interface Sessions {
  member: string;
  admin: string;
}

interface Built {
  request: Request;
  method: string;
  body: Uint8Array<ArrayBuffer> | null;
}

function build(c: Case, sessions: Sessions): Built {
  const headers = new Headers({ "CF-Connecting-IP": uniqueIp() });
  if (c.contentType !== null) headers.set("Content-Type", c.contentType);
  if (c.origin !== null) headers.set("Origin", c.origin);
  if (c.secFetchSite !== null) headers.set("Sec-Fetch-Site", c.secFetchSite);
  if (c.contentLength !== null) headers.set("Content-Length", c.contentLength);
  if (c.range !== null) headers.set("Range", c.range);
  if (c.conditional !== null) headers.set(c.conditional[0], c.conditional[1]);
  if (c.cookie !== null) {
    headers.set("Cookie", c.cookie === "member" || c.cookie === "admin" ? sessions[c.cookie] : c.cookie);
  }
  const bodiless = ["GET", "HEAD"].includes(c.method.toUpperCase());
  const body = bodiless ? null : bodyBytes(c);
  const request = new Request(urlOf(c.target.path), {
    method: c.method,
    headers,
    body,
    redirect: "manual",
  });
  return { request, method: request.method, body };
}

// ---------------------------------------------------------------- what the answer must be

interface Expectation {
  ok: (status: number) => boolean;
  text: string;
}

function crossSite(c: Case): "yes" | "no" | "maybe" {
  const site = c.secFetchSite;
  if (c.origin !== null && c.origin !== "") {
    if (!isOurOrigin(c.origin)) return "yes";
    return site === "cross-site" ? "maybe" : "no";
  }
  if (c.origin === "") return "maybe";
  if (site === null || site === "same-origin" || site === "none") return "no";
  return site === "cross-site" ? "yes" : "maybe";
}

function isMalformedJson(body: Uint8Array | null): boolean {
  try {
    JSON.parse(new TextDecoder().decode(body ?? new Uint8Array()));
    return false;
  } catch {
    return true;
  }
}

/** The statuses the spec allows for this case, or null when it only asks for the general properties. */
export function expectation(c: Case, built: Built): Expectation | null {
  const { method, body } = built;
  const size = body?.byteLength ?? 0;
  const declared = c.contentLength !== null && /^\d+$/.test(c.contentLength) ? Number(c.contentLength) : null;
  const honestLength = declared === null || declared === size;
  const stateChanging = !["GET", "HEAD", "OPTIONS"].includes(method);
  const ordinary = ["POST", "PUT", "PATCH", "DELETE"].includes(method);
  const cross = crossSite(c);
  const family = familyOf(c.contentType);
  const oversize = size > MAX_BODY_BYTES;

  const required = new Set<number>();
  const optional = new Set<number>([429]);
  const reasons: string[] = [];
  if (stateChanging && cross === "yes") {
    (ordinary ? required : optional).add(403);
    reasons.push("cross-site");
  } else if (stateChanging && cross === "maybe") optional.add(403);
  if (oversize) {
    (method === "OPTIONS" ? optional : required).add(413);
    reasons.push(`body of ${size} bytes`);
  } else if (declared !== null && declared > MAX_BODY_BYTES) optional.add(413);

  let outcome: Expectation | null = null;
  const target = c.target;
  const api = isApi(target);

  if (target.kind === "route" && !api && !target.pattern.startsWith("/api/")) {
    const form = isFormRoute(target.pattern);
    const methods = form ? ["GET", "HEAD", "POST"] : ["GET", "HEAD"];
    if (method === "OPTIONS") outcome = { ok: (s) => s === 204, text: "204 for OPTIONS" };
    else if (!methods.includes(method)) {
      required.add(405);
      reasons.push(`${method} on ${form ? "a form" : "a"} page`);
    } else if (method === "POST") {
      // A page's form takes web forms only; JSON is the API's door (request-policy.server.ts).
      if (family === "other" || family === "json") {
        required.add(415);
        reasons.push(`form POST with Content-Type ${JSON.stringify(c.contentType)}`);
      } else if (family === "multipart-no-boundary") {
        required.add(400).add(415);
        reasons.push("multipart without boundary");
      } else if (
        family === "multipart" &&
        !oversize &&
        size > 0 &&
        !["valid", "fields"].includes(c.body.kind)
      ) {
        required.add(400);
        reasons.push("malformed multipart");
      } else if (
        c.body.kind === "valid" &&
        (target.pattern === "/contact" || target.pattern === "/login") &&
        cross === "no" &&
        honestLength &&
        !oversize
      ) {
        outcome = { ok: (s) => s === 201, text: "201 for a valid form" };
      }
    } else {
      // Preconditions and ranges may be honoured on a page; nothing else may refuse a plain GET.
      const conditional =
        c.conditional !== null && ["If-Match", "If-Unmodified-Since"].includes(c.conditional[0]);
      outcome = {
        ok: (s) => s < 400 || (conditional && s === 412) || (c.range !== null && s === 416),
        text: "a page (< 400)",
      };
    }
  } else if (target.kind === "route") {
    const route = API_ROUTES[target.pattern];
    if (route) {
      if (method === "OPTIONS")
        outcome = { ok: (s) => s === 204 || s === 405, text: "204 or 405 for OPTIONS" };
      else if (!route.methods.includes(method)) {
        required.add(405);
        reasons.push(`${method} on ${route.methods.join("/")} API route`);
      } else if (method === "POST" && route.json) {
        if (family !== "json") {
          required.add(415);
          reasons.push(`JSON route with Content-Type ${JSON.stringify(c.contentType)}`);
        } else if (!oversize && isMalformedJson(body)) {
          required.add(400);
          reasons.push("malformed JSON");
        } else if (c.body.kind === "valid" && cross === "no" && honestLength && !oversize) {
          const statuses = [VALID_PAYLOAD_STATUS[target.pattern] ?? 201].flat();
          outcome = { ok: (s) => statuses.includes(s), text: `${statuses.join(" or ")} for a valid payload` };
        }
      } else if (method === "POST" && family !== "json" && c.contentType !== null) optional.add(415);
    }
  } else if (target.kind === "unknown-page") {
    if (method === "GET" || method === "HEAD") outcome = { ok: (s) => s === 404, text: "404 Page Not Found" };
    else if (method === "OPTIONS") outcome = { ok: (s) => [204, 404, 405].includes(s), text: "204/404/405" };
    else {
      required.add(404).add(405);
      reasons.push(`${method} on an unknown page`);
    }
  } else if (target.kind === "unknown-api") {
    required.add(404).add(405);
    if (method === "OPTIONS") optional.add(204);
    reasons.push("unknown API path");
  }

  // A path of unknown standing may also be refused for what it is: unknown, or not taking that method.
  if (target.kind === "junk" && required.size > 0) {
    for (const status of [400, 404, 405, 415]) optional.add(status);
  }
  if (required.size > 0) {
    const statuses = new Set([...required, ...optional]);
    return { ok: (s) => statuses.has(s), text: `one of ${[...statuses].join(", ")} (${reasons.join(", ")})` };
  }
  if (outcome) {
    const inner = outcome;
    return { ok: (s) => inner.ok(s) || optional.has(s), text: inner.text };
  }
  return null;
}

// ---------------------------------------------------------------- the property

export async function problemsOf(
  c: Case,
  sessions: Sessions,
): Promise<{ problems: string[]; summary: string }> {
  const built = build(c, sessions);
  const { method } = built;
  const pathname = pathnameOf(c.target);
  const before = await rowCounts();
  let response: Response;
  try {
    response = await exports.default.fetch(built.request);
  } catch (error) {
    return { problems: [`the worker threw ${String(error)} (a 500 in production)`], summary: "no answer" };
  }
  const body = method === "HEAD" ? "" : await response.text();
  const after = await rowCounts();
  const { status, headers } = response;
  const type = headers.get("Content-Type") ?? "";
  const summary = `${method} ${c.target.path.slice(0, 120)} → ${status} ${type} ${JSON.stringify(body.slice(0, 160))}`;
  const problems: string[] = [];

  if (status >= 500) problems.push(`status ${status}`);
  const missing = missingSecurityHeaders(headers);
  if (missing.length > 0) problems.push(`missing headers: ${missing.join(", ")}`);
  if (status >= 400 && (after.users > before.users || after.contacts > before.contacts)) {
    problems.push(`a ${status} answer stored rows: ${JSON.stringify({ before, after })}`);
  }

  const expected = expectation(c, built);
  if (expected && !expected.ok(status)) problems.push(`expected ${expected.text}, got ${status}`);

  if (status === 405 || (method === "OPTIONS" && status === 204)) {
    const methods = allowed(headers);
    if (methods.length === 0) problems.push(`a ${status} without Allow`);
    else if (c.target.kind === "route" && !c.target.pattern.startsWith("/api/")) {
      const want = isFormRoute(c.target.pattern) ? ["GET", "HEAD", "POST"] : ["GET", "HEAD"];
      const named = methods.filter((m) => m !== "OPTIONS");
      if (named.join() !== want.join()) {
        problems.push(`Allow: ${headers.get("Allow")} for ${c.target.pattern} (want ${want.join(", ")})`);
      }
    } else if (c.target.kind === "route") {
      const want = API_ROUTES[c.target.pattern]?.methods ?? [];
      if (!want.every((m) => methods.includes(m))) {
        problems.push(`Allow: ${headers.get("Allow")} for ${c.target.pattern} (want ${want.join(", ")})`);
      }
    }
  }

  const video = pathname.startsWith("/api/video/") && [304, 412, 416].includes(status);
  if (isApiPathname(pathname) && status >= 400 && status < 500 && method !== "HEAD" && !video) {
    let error: unknown;
    try {
      error = (JSON.parse(body) as { error?: unknown }).error;
    } catch {
      error = undefined;
    }
    if (!type.startsWith("application/json") || typeof error !== "string") {
      problems.push(`an API ${status} without a JSON { error } body`);
    }
  }

  const dataDoor = pathname.endsWith(".data") || pathname.startsWith("/__manifest");
  // robots.txt, sitemap.xml, the privacy data file and the activity CSV are files, not pages: their errors
  // carry no shell.
  const file = /\.(txt|xml|json|csv)$/.test(pathname);
  // Routes match case-insensitively: /API/LOGIN reaches the JSON route, so it may answer either way.
  const apiLike = isApiPathname(pathname.toLowerCase());
  if (!apiLike && !dataDoor && !file && status >= 400 && status < 500 && method !== "HEAD") {
    if (!type.startsWith("text/html") || !hasShell(body)) {
      problems.push(`a page ${status} without the site shell (${type || "no Content-Type"})`);
    }
  }
  return { problems, summary };
}
