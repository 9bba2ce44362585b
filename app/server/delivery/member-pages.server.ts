import { readCookie } from "../http/cookies.server";
import { applyHeldPageHeaders } from "../http/security-headers.server";
import type { SessionInfo } from "../identity/session-user";
import { chooseCoding, clientAcceptEncoding, compress } from "./content-codings.server";
import { type ContentCoding, withoutNonces } from "./prerendered-manifest";
import { prerenderedPageFor } from "./prerendered-pages.server";

// A content page seen by a signed-in person differs from the visitor's only in its header, which has
// two signed-in forms (member, admin) and shows nothing personal. So each content page is rendered once
// per isolate and header form, held, and served to everyone of that form: no React render per view.
// Content pages ship no script, so the held document needs no nonce: its CSP allows the inline
// stylesheet by hash, like the prerendered page's. Each held document is also compressed once, in the
// coding a client asks for, so views are not compressed one by one (docs/architecture.md, the bench).

type Bytes = Uint8Array<ArrayBuffer>;

const held = new Map<string, Promise<Bytes | null>>();
const compressed = new Map<string, Promise<Bytes>>();

/** Whether a signed-in request may get a held page: a plain GET or HEAD of a content page, no toast. */
function mayHold(request: Request, url: URL): boolean {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  return url.search === "" && readCookie(request, "flash") === null;
}

/** The held document in this coding, compressed on first use; null (send it plain) if that fails. */
async function compressedDocument(key: string, document: Bytes, coding: ContentCoding) {
  let body = compressed.get(key);
  if (!body) {
    body = compress(document, coding);
    compressed.set(key, body);
  }
  return body.catch((error: unknown) => {
    console.error(`held pages: ${key} could not be compressed`, error);
    compressed.delete(key);
    return null;
  });
}

/**
 * The held page for a signed-in request, rendering it first (through `render`) when this isolate has not
 * yet; null when the request is not one a held page can answer (then the caller renders as usual). The
 * session is read (`resolveSession`, one KV read) only for a content page.
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
  const key = `${session.isAdmin ? "admin" : "member"} ${url.pathname}`;
  let html = held.get(key);
  if (!html) {
    html = render().then(async (response) => {
      const type = response.headers.get("Content-Type") ?? "";
      if (response.status !== 200 || !type.startsWith("text/html")) {
        await response.body?.cancel();
        return null;
      }
      return new TextEncoder().encode(withoutNonces(await response.text()));
    });
    held.set(key, html);
  }
  const document = await html;
  if (document === null) {
    held.delete(key);
    return null;
  }
  const coding = chooseCoding(clientAcceptEncoding(request));
  const headers = new Headers({ "Content-Type": "text/html; charset=utf-8" });
  applyHeldPageHeaders(headers, page.styleHashes);
  if (renewCookie) headers.append("Set-Cookie", renewCookie);
  const encoded =
    coding === "identity" ? null : await compressedDocument(`${coding} ${key}`, document, coding);
  if (!encoded) return new Response(request.method === "HEAD" ? null : document, { headers });
  headers.set("Content-Encoding", coding);
  // Already in its content coding: the runtime must send it as it is.
  return new Response(request.method === "HEAD" ? null : encoded, { headers, encodeBody: "manual" });
}
