import { exports } from "cloudflare:workers";
import type { Case } from "./support-fuzz-cases";
import {
  type Built,
  build,
  familyOf,
  isApi,
  isApiPathname,
  pathnameOf,
  type Sessions,
} from "./support-fuzz-requests";
import { API_ROUTES, isFormRoute, VALID_PAYLOAD_STATUS } from "./support-fuzz-routes";
import {
  allowed,
  hasShell,
  isOurOrigin,
  MAX_BODY_BYTES,
  missingSecurityHeaders,
  rowCounts,
} from "./support-hostile";

// What the spec says the answer to a fuzz case must be (tests/worker/fuzz.test.ts), and the property each
// answer is checked against: no 5xx, the security headers, no rows stored by a refusal, the statuses the
// route table allows, an Allow header, JSON errors from the API and the site shell on a page's.

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
