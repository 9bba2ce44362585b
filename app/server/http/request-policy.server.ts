// What every request must pass before a route sees it (GUIDE.md section 5), decided in one place so a
// route never meets a body it cannot read. A refused body is read to its end and dropped: left unread, or
// only cancelled, it breaks the local dev proxy's connection and the next request on it fails with 500.

import { formPaths } from "~/lib/route-table";
import { emit } from "../events.server";

export const MAX_BODY_BYTES = 16 * 1024;

/** The page paths whose route has an action: they take form posts (from the route table). */
export const FORM_PATHS: ReadonlySet<string> = new Set(formPaths);

export const PAGE_METHODS = "GET, HEAD";
export const FORM_METHODS = "GET, HEAD, POST";

export interface Refusal {
  status: 400 | 403 | 404 | 405 | 413 | 415;
  message: string;
  allow?: string;
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const ROUTER_METHODS = new Set(["GET", "HEAD", "OPTIONS", "POST", "PUT", "PATCH", "DELETE"]);
const FORM_TYPES = /^(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i;

export function isApiPath(pathname: string): boolean {
  return pathname === "/api" || pathname.startsWith("/api/");
}

/**
 * A browser's cross-site request carries an Origin (or Sec-Fetch-Site) that is not ours. Clients that send
 * neither (curl, server-to-server) are not browsers and so cannot be made to forge a visitor's request.
 */
export function isCrossSite(request: Request, siteOrigin: string): boolean {
  const origin = request.headers.get("Origin");
  if (origin) return origin !== new URL(request.url).origin && origin !== siteOrigin;
  const site = request.headers.get("Sec-Fetch-Site");
  return site !== null && site !== "same-origin" && site !== "none";
}

/** Reads a body to its end without keeping it (the platform bounds how large it can be). */
async function drain(body: ReadableStream<Uint8Array> | null): Promise<void> {
  if (!body) return;
  try {
    const reader = body.getReader();
    while (!(await reader.read()).done) {}
  } catch {
    // A client that hung up mid-body: nothing left to read.
  }
}

/**
 * GET, HEAD and OPTIONS carry no meaning in a body, so none of them is ever read: this reads such a body
 * off the connection and gives back the request without it. The Worker calls it before anything else,
 * so prerendered and held pages, redirects and 404s all answer with the connection clean.
 */
export async function withoutIgnoredBody(request: Request): Promise<Request> {
  if (!request.body || !SAFE_METHODS.has(request.method)) return request;
  await drain(request.body);
  return new Request(request.url, { method: request.method, headers: request.headers, cf: request.cf });
}

/** Reads the body, keeping at most MAX_BODY_BYTES; null when it is larger (the rest is drained). */
async function readBoundedBody(body: ReadableStream<Uint8Array>): Promise<Uint8Array<ArrayBuffer> | null> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      while (!(await reader.read()).done) {}
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/**
 * A page path as React Router matches it: decoded, case-insensitive, trailing slashes ignored, and a
 * data request of its client (`/admin.data`) taken for the page it is about.
 */
export function routePath(pathname: string): string {
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // Not valid percent-encoding: no route matches it either.
  }
  return (
    decoded
      .toLowerCase()
      .replace(/\.data$/, "")
      .replace(/\/+$/, "") || "/"
  );
}

/** React Router's own doors for its client (route data and the manifest), which render no page. */
export function isRouterDoor(pathname: string): boolean {
  return pathname.endsWith(".data") || pathname.startsWith("/__manifest");
}

/** Page-side rules for the form routes: which methods, which body types, and a body that parses. */
async function formRefusal(request: Request, pathname: string, body: Uint8Array<ArrayBuffer>) {
  if (!FORM_PATHS.has(routePath(pathname))) return null;
  if (request.method !== "POST") {
    return { status: 405, message: "This page takes only GET and POST.", allow: FORM_METHODS } as const;
  }
  const type = request.headers.get("Content-Type") ?? "";
  if (!FORM_TYPES.test(type)) {
    return { status: 415, message: "Send the form as a web form (URL-encoded or multipart)." } as const;
  }
  try {
    await new Request(request.url, { method: "POST", headers: { "Content-Type": type }, body }).formData();
  } catch {
    return { status: 400, message: "The form could not be read." } as const;
  }
  return null;
}

/**
 * Screens a request: either a refusal (its body already drained), or the request to route, whose body
 * (if any) is buffered within the bound so routes read it safely.
 */
export async function screenRequest(
  request: Request,
  siteOrigin: string,
): Promise<{ refusal: Refusal } | { request: Request }> {
  const refuse = async (refusal: Refusal) => {
    await drain(request.body);
    return { refusal };
  };
  const pathname = new URL(request.url).pathname;
  // React Router's data requests (`/x.data`) serve the pages' own client; the API has none.
  if (isApiPath(pathname) && pathname.endsWith(".data")) {
    return refuse({ status: 404, message: "There is no such API endpoint." });
  }
  if (SAFE_METHODS.has(request.method)) return { request: await withoutIgnoredBody(request) };
  if (isCrossSite(request, siteOrigin)) {
    emit("refusal.origin", { method: request.method });
    return refuse({ status: 403, message: "Cross-site requests are not allowed." });
  }
  if (Number(request.headers.get("Content-Length") ?? "0") > MAX_BODY_BYTES) {
    emit("refusal.size", { method: request.method });
    return refuse({ status: 413, message: "The request body is too large." });
  }
  let body: Uint8Array<ArrayBuffer> | null;
  try {
    body = request.body ? await readBoundedBody(request.body) : new Uint8Array();
  } catch {
    // The client broke off its upload: nothing to refuse for its size, and nobody left to read the answer.
    return { refusal: { status: 400, message: "The request body could not be read." } };
  }
  if (!body) {
    emit("refusal.size", { method: request.method });
    return { refusal: { status: 413, message: "The request body is too large." } };
  }
  const refusal = isApiPath(pathname) ? null : await formRefusal(request, pathname, body);
  if (refusal) return { refusal };
  // React Router refuses methods it does not know (PROPFIND, PURGE…) before any route runs, so it cannot
  // say which the route takes. Under /api/ they reach the route as OPTIONS, which every API route answers
  // 405 with its own Allow (its loader, or React Router's own 405), and which nothing acts on: a PUT would
  // reach the content API's save (decision 167). The body goes: no route reads one there.
  if (isApiPath(pathname) && !ROUTER_METHODS.has(request.method)) {
    return { request: new Request(request.url, { method: "OPTIONS", headers: request.headers }) };
  }
  return { request: new Request(request, { body: body.byteLength > 0 ? body : null }) };
}
