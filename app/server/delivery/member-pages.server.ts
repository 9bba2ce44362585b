import { readCookie } from "../http/cookies.server";
import { applyHeldPageHeaders } from "../http/security-headers.server";
import type { SessionInfo } from "../session-user";
import { type Coding, chooseCoding, clientAcceptEncoding, compress } from "./content-codings.server";
import { CONTENT_CODINGS, withoutNonces } from "./prerendered-manifest";
import { prerenderedPageFor } from "./prerendered-pages.server";
import { liveDocuments } from "./published-pages.server";

// A content page seen by a signed-in person differs from the visitor's only in its header, which has
// two signed-in forms (member, admin) and shows nothing personal. So each content page is rendered once
// per isolate and header form, held, and served to everyone of that form: no React render per view.
// Content pages ship no script, so the held document needs no nonce: its CSP allows the inline
// stylesheet by hash, like the prerendered page's. Each held document is also compressed once, in the
// coding a client asks for, so views are not compressed one by one (docs/architecture.md, the bench).

type Bytes = Uint8Array<ArrayBuffer>;

/** One coding of a held page: its body and the headers of every view of it. */
interface HeldView {
  body: Bytes;
  headers: [string, string][];
}

// Only finished documents and views are shared between requests: a Worker may not carry on one request's
// I/O (a render's stream, a compression) in another's, which a new version of a page of editable content
// (held per version) would otherwise ask under load. A view that finds nothing renders it itself.
const held = new Map<string, Bytes>();
const views = new Map<string, HeldView>();
/** The key of each page and header form's newest held version. */
const newest = new Map<string, string>();

function forget(key: string): void {
  held.delete(key);
  for (const coding of ["identity", ...CONTENT_CODINGS]) views.delete(`${coding} ${key}`);
}

/** Whether a signed-in request may get a held page: a plain GET or HEAD of a content page, no toast. */
function mayHold(request: Request, url: URL): boolean {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  return url.search === "" && readCookie(request, "flash") === null;
}

/** The held document in this coding with its headers, both made on first use; plain if compression fails. */
async function heldView(key: string, document: Bytes, coding: Coding, styleHashes: readonly string[]) {
  const viewKey = `${coding} ${key}`;
  const kept = views.get(viewKey);
  if (kept) return kept;
  const headers = new Headers({ "Content-Type": "text/html; charset=utf-8" });
  applyHeldPageHeaders(headers, styleHashes);
  const plain = { body: document, headers: [...headers] };
  let view: HeldView = plain;
  if (coding !== "identity") {
    try {
      const body = await compress(document, coding);
      headers.set("Content-Encoding", coding);
      view = { body, headers: [...headers] };
    } catch (error) {
      console.error(`held pages: ${viewKey} could not be compressed`, error);
      return plain;
    }
  }
  views.set(viewKey, view);
  return view;
}

/** The page rendered for a header form (through `render`), or null when the render is not a page. */
async function renderedDocument(render: () => Promise<Response>): Promise<Bytes | null> {
  const response = await render();
  const type = response.headers.get("Content-Type") ?? "";
  if (response.status !== 200 || !type.startsWith("text/html")) {
    await response.body?.cancel();
    return null;
  }
  return new TextEncoder().encode(withoutNonces(await response.text()));
}

/**
 * The held page for a signed-in request, rendering it first (through `render`) when this isolate has not
 * yet; null when the request is not one a held page can answer (then the caller renders as usual). The
 * session is read (`resolveSession`: KV, or this isolate's memory of a recent read) only for a content page.
 */
export async function serveHeldPage(
  request: Request,
  env: Env,
  resolveSession: () => Promise<{ session: SessionInfo | null; renewCookie: string | null }>,
  render: () => Promise<Response>,
): Promise<Response | null> {
  const url = new URL(request.url);
  if (!mayHold(request, url)) return null;
  const page = await prerenderedPageFor(env, url.pathname);
  if (!page) return null;
  const { session, renewCookie } = await resolveSession();
  if (!session) return null;
  // A page of editable content is held per published version (its id), so a publish shows at once.
  const { tag } = await liveDocuments(env, url.pathname);
  const heldPage = `${session.isAdmin ? "admin" : "member"} ${url.pathname}`;
  const key = `${heldPage} ${tag}`;
  let document = held.get(key) ?? null;
  if (!document) {
    document = await renderedDocument(render);
    if (document === null) return null;
    held.set(key, document);
    // The version before is let go: memory holds the page as it is now.
    const before = newest.get(heldPage);
    if (before && before !== key) forget(before);
    newest.set(heldPage, key);
  }
  const view = await heldView(key, document, chooseCoding(clientAcceptEncoding(request)), page.styleHashes);
  const body = request.method === "HEAD" ? null : view.body;
  if (!renewCookie) return new Response(body, { headers: view.headers, encodeBody: "manual" });
  const headers = new Headers(view.headers);
  headers.append("Set-Cookie", renewCookie);
  // Already in its content coding: the runtime must send it as it is.
  return new Response(body, { headers, encodeBody: "manual" });
}
