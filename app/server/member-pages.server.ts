import { readCookie } from "./cookies.server";
import { prerenderedPageFor } from "./prerendered-pages.server";
import { applyHeldPageHeaders } from "./security-headers.server";
import type { SessionInfo } from "./session-user";

// A content page seen by a signed-in person differs from the visitor's only in its header, which has
// two signed-in forms (member, admin) and shows nothing personal. So each content page is rendered once
// per isolate and header form, held, and served to everyone of that form: no React render per view.
// Content pages ship no script, so the held document needs no nonce: its CSP allows the inline
// stylesheet by hash, like the prerendered page's.

const held = new Map<string, Promise<string | null>>();

const NONCE_ATTRIBUTE = / nonce="[^"]*"/g;

/** Whether a signed-in request may get a held page: a plain GET or HEAD of a content page, no toast. */
function mayHold(request: Request, url: URL): boolean {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  return url.search === "" && readCookie(request, "flash") === null;
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
      return (await response.text()).replace(NONCE_ATTRIBUTE, "");
    });
    held.set(key, html);
  }
  const document = await html;
  if (document === null) {
    held.delete(key);
    return null;
  }
  const headers = new Headers({ "Content-Type": "text/html; charset=utf-8" });
  applyHeldPageHeaders(headers, page.styleHashes);
  if (renewCookie) headers.append("Set-Cookie", renewCookie);
  return new Response(request.method === "HEAD" ? null : document, { headers });
}
