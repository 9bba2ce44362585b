import { readCookie } from "../http/cookies.server";
import { applyPrerenderedPageHeaders } from "../http/security-headers.server";
import {
  CONTENT_CODINGS,
  type ContentCoding,
  PRERENDERED_MANIFEST_PATH,
  type PrerenderedManifest,
  type PrerenderedPage,
} from "./prerendered-manifest";

// Content pages are built once (react-router.config.ts `prerender`). A visitor's GET or HEAD for one
// of them, with no cookie of ours and no query string, is answered with that document from the
// isolate's memory, compressed at build in the coding the client prefers: no React render, no storage,
// no compression per request. Everyone else is rendered as before.

/** Any of these means the page may differ from the visitor's document: a session or a toast. */
const OUR_COOKIES = ["__Host-session", "session", "flash"];

/** ASSETS.fetch needs an absolute URL; only its path matters. */
const ASSETS_ORIGIN = "https://assets.invalid";

type Coding = ContentCoding | "identity";

interface Representation {
  body: Uint8Array<ArrayBuffer>;
  headers: [string, string][];
  /** A 304 describes the representation it confirms but has no body to encode. */
  notModifiedHeaders: [string, string][];
}

// Held for the life of the isolate: a deployment replaces the isolate along with the documents.
let manifest: Promise<PrerenderedManifest | null> | undefined;
const held = new Map<string, Promise<Representation | null>>();

function isVisitorDocumentRequest(request: Request, url: URL): boolean {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  if (url.search !== "") return false;
  if (!request.headers.has("Cookie")) return true;
  return OUR_COOKIES.every((name) => readCookie(request, name) === null);
}

/** The best stored coding the client accepts (a q=0 refuses one), else plain HTML. */
export function chooseCoding(acceptEncoding: string | null): Coding {
  if (!acceptEncoding) return "identity";
  const accepted = new Set<string>();
  for (const part of acceptEncoding.toLowerCase().split(",")) {
    const [token = "", ...params] = part.split(";").map((piece) => piece.trim());
    const refused = params.some((param) => /^q=0(\.0*)?$/.test(param));
    if (token && !refused) accepted.add(token);
  }
  return CONTENT_CODINGS.find((coding) => accepted.has(coding) || accepted.has("*")) ?? "identity";
}

/** Each representation has its own strong ETag; all of them name the same document. */
function representationEtag(etag: string, coding: Coding): string {
  return coding === "identity" ? etag : `${etag.slice(0, -1)}-${coding}"`;
}

async function readAsset(env: Env, path: string): Promise<Response | null> {
  const response = await env.ASSETS.fetch(new URL(path, ASSETS_ORIGIN));
  if (response.ok) return response;
  await response.body?.cancel();
  return null;
}

/** The build's manifest, or null when there is none (dev server, the prerender build itself). */
function loadManifest(env: Env): Promise<PrerenderedManifest | null> {
  manifest ??= readAsset(env, PRERENDERED_MANIFEST_PATH)
    .then((response) => (response ? (response.json() as Promise<PrerenderedManifest>) : null))
    .catch((error: unknown) => {
      console.error("prerendered pages: manifest unreadable", error);
      manifest = undefined;
      return null;
    });
  return manifest;
}

function loadRepresentation(
  env: Env,
  path: string,
  page: PrerenderedPage,
  coding: Coding,
): Promise<Representation | null> {
  const key = `${coding} ${path}`;
  let entry = held.get(key);
  if (!entry) {
    entry = readAsset(env, coding === "identity" ? page.asset : page.encoded[coding])
      .then(async (response) => {
        if (!response) return null;
        const headers = new Headers({
          "Content-Type": "text/html; charset=utf-8",
          ETag: representationEtag(page.etag, coding),
        });
        applyPrerenderedPageHeaders(headers, page.styleHashes);
        const notModifiedHeaders = [...headers];
        if (coding !== "identity") headers.set("Content-Encoding", coding);
        return {
          body: new Uint8Array(await response.arrayBuffer()),
          headers: [...headers],
          notModifiedHeaders,
        };
      })
      .catch((error: unknown) => {
        console.error(`prerendered pages: ${path} (${coding}) unreadable`, error);
        held.delete(key);
        return null;
      });
    held.set(key, entry);
  }
  return entry;
}

/** If-None-Match names the document in any of its codings (weak comparison, RFC 9110 13.1.2), or "*". */
function isCurrent(ifNoneMatch: string | null, page: PrerenderedPage): boolean {
  if (!ifNoneMatch) return false;
  const current = new Set([
    "*",
    ...(["identity", ...CONTENT_CODINGS] as const).map((c) => representationEtag(page.etag, c)),
  ]);
  return ifNoneMatch.split(",").some((tag) => current.has(tag.trim().replace(/^W\//, "")));
}

/**
 * The prerendered document for a visitor's request, with every security header; null when the request
 * must be rendered (a cookie of ours, a query string, another method or path, or no build manifest).
 */
export async function servePrerenderedPage(request: Request, env: Env): Promise<Response | null> {
  const url = new URL(request.url);
  if (!isVisitorDocumentRequest(request, url)) return null;
  const pages = await loadManifest(env);
  // Documents rendered for another origin would carry the wrong canonical and Open Graph URLs.
  const page = pages?.origin === env.SITE_ORIGIN ? pages.pages[url.pathname] : undefined;
  if (!page) return null;
  const coding = chooseCoding(request.headers.get("Accept-Encoding"));
  const representation = await loadRepresentation(env, url.pathname, page, coding);
  if (!representation) return null;

  if (isCurrent(request.headers.get("If-None-Match"), page)) {
    return new Response(null, { status: 304, headers: representation.notModifiedHeaders });
  }
  const body = request.method === "HEAD" ? null : representation.body;
  // The body is already in its content coding: the runtime must send it as it is.
  return new Response(body, { headers: representation.headers, encodeBody: "manual" });
}

/** The built page for this path, when the manifest holds one rendered for this origin. */
export async function prerenderedPageFor(env: Env, pathname: string): Promise<PrerenderedPage | null> {
  const pages = await loadManifest(env);
  return pages?.origin === env.SITE_ORIGIN ? (pages.pages[pathname] ?? null) : null;
}
