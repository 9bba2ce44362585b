import fc from "fast-check";
import { ORIGIN } from "./support";
import { urlOf } from "./support-fuzz-requests";
import { isFormRoute, PATTERNS } from "./support-fuzz-routes";
import { BOUNDARY, MAX_BODY_BYTES } from "./support-hostile";

// The random requests of tests/worker/fuzz.test.ts, as small descriptions (a failure prints a readable
// counterexample): the case model and its arbitraries. support-fuzz-requests.ts turns a case into a Request.

// ---------------------------------------------------------------- the case model

export type Target =
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
