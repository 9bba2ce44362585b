import { Agent, request as httpRequest } from "node:http";
import { expect } from "@playwright/test";
import fc from "fast-check";
import { test } from "./browser-test";
import { demoAdminCookie } from "./demo-admin";

// The real local server (wrangler dev and its proxy) with a small malformed body on every method, on
// pages served from memory, rendered pages, redirects, 404s and the API. A body the Worker never read
// used to break the proxy's connection: the next request on it got 500 "Network connection lost" or no
// answer at all (docs/standards.md, Traps). Each request here is followed, on the same kept-alive connection,
// by an ordinary one that must get its normal answer. Every path is tried as a visitor (prerendered pages)
// and signed in as the demo admin (held pages, the dashboard, the API behind its session).
//
// Static files (/favicon.svg, /assets/*) are left out: Cloudflare's asset layer answers them before the
// Worker runs, and locally Miniflare's asset worker leaves such a body unread with the same effect. In
// production the edge ends each HTTP request itself; docs/decisions/053 says why we do not route every
// static file through the Worker to cover a local-only defect.
//
// Then a seeded fuzz of the same at the HTTP level: the Vitest fuzz (tests/worker/fuzz.test.ts) runs inside
// workerd, whose Request cannot carry a body on GET or HEAD, so bodies on those methods are fuzzed here.

test.beforeEach(() => {
  test.skip(test.info().project.name === "phone", "HTTP only, no browser page: once is enough");
});

const PATHS = [
  "/",
  "/insure",
  "/facets-token",
  "/contact",
  "/login",
  "/logout",
  "/admin",
  "/admin.data",
  "/reset-password",
  "/zz-no-such-page",
  "/api/login",
  "/api/contact",
  "/api/auth/me",
  "/api/video/workzone",
  "/api/zz-no-such-endpoint",
  "/insure?from=body-test",
];
const METHODS = ["GET", "HEAD", "OPTIONS", "POST", "PUT", "PATCH", "DELETE"];
/** Each content type with a body that does not parse as it. */
const BODIES: [string | null, string][] = [
  ["application/json", '{"email": "a@example.com", "password": '],
  ["application/x-www-form-urlencoded", "email=%ZZ&&=&password"],
  ["multipart/form-data; boundary=xyz", "--xyz\r\nContent-Disposition: form-data; name=\r\n\r\nbroken"],
  ["text/plain", "just some words"],
  ["application/octet-stream", "\u0000\u0001\u00ff binary"],
  [null, "no content type at all"],
];

// A request unanswered this long is lost, not slow: the slowest answer beside a build loop took seconds.
const SILENCE_MS = 90_000;

interface Answer {
  status: number;
  error?: string;
}

/** One request on the shared connection; a connection error or a 30 s silence is reported, not thrown. */
function send(
  agent: Agent,
  cookie: string | null,
  method: string,
  path: string,
  contentType: string | null,
  body?: string,
) {
  const { port } = new URL(test.info().project.use.baseURL ?? "");
  return new Promise<Answer>((resolve) => {
    const bytes = body === undefined ? undefined : Buffer.from(body);
    const headers: Record<string, string | number> = { "CF-Connecting-IP": "198.51.100.7" };
    if (cookie) headers.Cookie = cookie;
    if (bytes) headers["Content-Length"] = bytes.byteLength;
    if (contentType) headers["Content-Type"] = contentType;
    const req = httpRequest({ host: "127.0.0.1", port, method, path, agent, headers }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode ?? 0 }));
      res.on("error", (error) => resolve({ status: 0, error: error.message }));
    });
    req.setTimeout(SILENCE_MS, () => req.destroy(new Error(`no answer within ${SILENCE_MS / 1000} s`)));
    req.on("error", (error) => resolve({ status: 0, error: error.message }));
    req.end(bytes);
  });
}

/** The demo admin's session cookie (the session the suite keeps, signed in again if a request ended it). */
const adminCookie = (baseURL: string) => demoAdminCookie(baseURL);

for (const path of PATHS) {
  test(`a body on any method at ${path} leaves the server healthy`, async ({ baseURL }) => {
    test.slow();
    // One socket, kept alive, so each ordinary request rides the connection the bad one used.
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    // An ordinary request first, answered on this connection. Twice in the run's first seconds, while the
    // other lanes start their own workerd, the first request on a new connection, a GET of / with a body,
    // never reached the Worker (the server's log has no line for it) and was never answered; every later
    // GET with a body was. That proxy is local only (the edge ends each request itself, decision 053).
    const ready = await send(agent, null, "GET", "/insure", null);
    expect(ready.error ?? ready.status).toBe(200);
    const problems: string[] = [];
    for (const cookie of [null, await adminCookie(baseURL ?? "")]) {
      for (const method of METHODS) {
        for (const [contentType, body] of BODIES) {
          const label = `${method} ${path} (${contentType ?? "no type"}${cookie ? ", signed in" : ""})`;
          const answer = await send(agent, cookie, method, path, contentType, body);
          if (answer.error || answer.status === 0) problems.push(`${label}: ${answer.error ?? "no status"}`);
          else if (answer.status >= 500) problems.push(`${label}: ${answer.status}`);
          // First an OPTIONS: the proxy retries a GET on a broken connection by itself, hiding the break.
          const options = await send(agent, cookie, "OPTIONS", "/insure", null);
          if (options.status !== 204) {
            problems.push(`${label}, then OPTIONS /insure: ${options.error ?? options.status}`);
          }
          const get = await send(agent, cookie, "GET", "/insure", null);
          if (get.status !== 200) problems.push(`${label}, then GET /insure: ${get.error ?? get.status}`);
        }
      }
    }
    agent.destroy();
    expect(problems).toEqual([]);
  });
}

const FUZZ_SEED = 20_261_124;
const FUZZ_RUNS = 400;

const fuzzCase = fc.record({
  path: fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...PATHS) },
    { weight: 1, arbitrary: fc.webPath({ size: "small" }).map((path) => path || "/") },
  ),
  method: fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom("GET", "HEAD", "OPTIONS") },
    { weight: 1, arbitrary: fc.constantFrom(...METHODS) },
  ),
  contentType: fc.constantFrom(...BODIES.map(([type]) => type), "application/json; charset=utf-8", ""),
  body: fc.oneof(
    fc.string({ maxLength: 512 }),
    fc.uint8Array({ maxLength: 2048 }).map((bytes) => Buffer.from(bytes).toString("latin1")),
  ),
  signedIn: fc.boolean(),
});

test("a seeded fuzz of bodies on every method leaves the server healthy", async ({ baseURL }) => {
  test.slow();
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const cookie = await adminCookie(baseURL ?? "");
  await fc.assert(
    fc.asyncProperty(fuzzCase, async (c) => {
      const session = c.signedIn ? cookie : null;
      const answer = await send(agent, session, c.method, c.path, c.contentType || null, c.body);
      const options = await send(agent, session, "OPTIONS", "/insure", null);
      const get = await send(agent, session, "GET", "/insure", null);
      const problems = [
        answer.error || answer.status === 0 || answer.status >= 500 ? `${answer.error ?? answer.status}` : "",
        options.status === 204 ? "" : `then OPTIONS /insure: ${options.error ?? options.status}`,
        get.status === 200 ? "" : `then GET /insure: ${get.error ?? get.status}`,
      ].filter(Boolean);
      expect(problems, `${c.method} ${c.path}`).toEqual([]);
    }),
    { seed: FUZZ_SEED, numRuns: FUZZ_RUNS },
  );
  agent.destroy();
});
