import { readCookie } from "../http/cookies.server";
import { applyPrerenderedPageHeaders } from "../http/security-headers.server";
import {
  answerWith,
  type Coding,
  chooseCoding,
  clientAcceptEncoding,
  type Representation,
  representation,
} from "./content-codings.server";
import {
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

// Held for the life of the isolate: a deployment replaces the isolate along with the documents.
let manifest: Promise<PrerenderedManifest | null> | undefined;
const held = new Map<string, Promise<Representation | null>>();

/** A visitor's plain GET or HEAD: no query string, and none of our cookies. */
export function isVisitorDocumentRequest(request: Request, url: URL): boolean {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  if (url.search !== "") return false;
  if (!request.headers.has("Cookie")) return true;
  return OUR_COOKIES.every((name) => readCookie(request, name) === null);
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
        const headers = new Headers({ "Content-Type": "text/html; charset=utf-8" });
        applyPrerenderedPageHeaders(headers, page.styleHashes);
        return representation(new Uint8Array(await response.arrayBuffer()), coding, page.etag, headers);
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
  const coding = chooseCoding(clientAcceptEncoding(request));
  const stored = await loadRepresentation(env, url.pathname, page, coding);
  return stored ? answerWith(request, stored) : null;
}

/** The built page for this path, when the manifest holds one rendered for this origin. */
export async function prerenderedPageFor(env: Env, pathname: string): Promise<PrerenderedPage | null> {
  const pages = await loadManifest(env);
  return pages?.origin === env.SITE_ORIGIN ? (pages.pages[pathname] ?? null) : null;
}

let buildId: Promise<string | null> | undefined;

/**
 * What identifies this build's pages: the sha256 of its manifest's pages (their ETags and stylesheets). A
 * page a published version rendered is stored under it, so a new build renders its own (issue 41).
 */
export function buildIdOf(env: Env): Promise<string | null> {
  buildId ??= loadManifest(env).then(async (pages) => {
    if (!pages) {
      buildId = undefined;
      return null;
    }
    const digest = await crypto.subtle.digest(
      "SHA-256",
      new TextEncoder().encode(JSON.stringify(pages.pages)),
    );
    return [...new Uint8Array(digest).slice(0, 12)]
      .map((byte) => byte.toString(16).padStart(2, "0"))
      .join("");
  });
  return buildId;
}
