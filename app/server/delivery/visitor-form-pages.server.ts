import { heldForVisitorsPaths } from "~/lib/route-table";
import { applyHeldFormPageHeaders, createNonce, type InlineHashes } from "../http/security-headers.server";
import {
  answerWith,
  type Coding,
  chooseCoding,
  clientAcceptEncoding,
  compress,
  documentEtag,
  type Representation,
  representation,
} from "./content-codings.server";
import { withoutNonces } from "./prerendered-manifest";
import { isVisitorDocumentRequest } from "./prerendered-pages.server";

// A page with a form (/login, /contact, /forgot-password…) is the same for every visitor until they send
// it. So a visitor's plain GET (no query string, no cookie of ours) is answered like a prerendered page:
// the page is rendered once per isolate, its nonces taken out, its inline scripts and stylesheets allowed
// by hash, and it is held, compressed once per coding. The form's answers (errors, the second step,
// success), a query string that changes the page (a link's token, `?next=`, `?subject=`, `?tab=`), a
// toast and a signed-in view are rendered per request, as before. Which pages: `heldForVisitors` in the
// route table.

type Bytes = Uint8Array<ArrayBuffer>;

interface HeldFormPage {
  document: Bytes;
  etag: string;
  headers: Headers;
  representations: Map<Coding, Promise<Representation | null>>;
}

const HELD_PATHS: ReadonlySet<string> = new Set(heldForVisitorsPaths);
const held = new Map<string, Promise<HeldFormPage | null>>();

/** Types of <script> that hold data, never run: no hash for them. */
const DATA_SCRIPT = /\btype="application\/(ld\+)?json"/;

async function sha256Base64(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  return btoa(String.fromCharCode(...digest));
}

/**
 * The sha256 of every inline script (data blocks aside) and stylesheet. A script the page holds inert
 * until after paint (client-runtime.server.ts) is hashed too: the starter runs its text as a new script.
 */
export async function inlineHashes(html: string): Promise<InlineHashes> {
  const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(
      ([, attributes = "", text = ""]) =>
        !/\bsrc=/.test(attributes) && !DATA_SCRIPT.test(attributes) && text !== "",
    )
    .map((match) => match[2] ?? "");
  const styles = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].map((match) => match[1] ?? "");
  return {
    scriptHashes: [...new Set(await Promise.all(scripts.map(sha256Base64)))],
    styleHashes: [...new Set(await Promise.all(styles.map(sha256Base64)))],
  };
}

/** Renders the visitor's page once; null when the answer is not a page every visitor may be given. */
async function hold(path: string, render: (nonce: string) => Promise<Response>, nonce: string) {
  const response = await render(nonce);
  const type = response.headers.get("Content-Type") ?? "";
  if (response.status !== 200 || !type.startsWith("text/html") || response.headers.has("Set-Cookie")) {
    await response.body?.cancel();
    console.error(`held form pages: ${path} answered ${response.status} ${type}; rendered per request`);
    return null;
  }
  const html = withoutNonces(await response.text());
  if (html.includes(nonce)) {
    console.error(`held form pages: ${path} carries its nonce outside an attribute; rendered per request`);
    return null;
  }
  // A hash names inline code only: a script element that loads a file would be refused without its nonce.
  if (/<script\b[^>]*\ssrc=/.test(html)) {
    console.error(`held form pages: ${path} loads a script by its own element; rendered per request`);
    return null;
  }
  const document = new TextEncoder().encode(html);
  const headers = new Headers({ "Content-Type": "text/html; charset=utf-8" });
  applyHeldFormPageHeaders(headers, await inlineHashes(html));
  return { document, etag: await documentEtag(document), headers, representations: new Map() };
}

/** The held page in this coding, compressed on first use. */
function representationOf(page: HeldFormPage, coding: Coding): Promise<Representation | null> {
  let entry = page.representations.get(coding);
  if (!entry) {
    const body = coding === "identity" ? Promise.resolve(page.document) : compress(page.document, coding);
    entry = body
      .then((bytes) => representation(bytes, coding, page.etag, page.headers))
      .catch((error: unknown) => {
        console.error(`held form pages: could not compress in ${coding}`, error);
        page.representations.delete(coding);
        return null;
      });
    page.representations.set(coding, entry);
  }
  return entry;
}

/**
 * The held page for a visitor's plain GET or HEAD of a page with a form, rendering it first (through
 * `render`, with the nonce it is given) when this isolate has not; null when the request is not one the
 * held page answers, or the page could not be held (then the caller renders as usual).
 */
export async function serveVisitorFormPage(
  request: Request,
  render: (nonce: string) => Promise<Response>,
): Promise<Response | null> {
  const url = new URL(request.url);
  if (!HELD_PATHS.has(url.pathname) || !isVisitorDocumentRequest(request, url)) return null;
  let entry = held.get(url.pathname);
  if (!entry) {
    entry = hold(url.pathname, render, createNonce()).catch((error: unknown) => {
      console.error(`held form pages: ${url.pathname} could not be rendered`, error);
      return null;
    });
    held.set(url.pathname, entry);
  }
  const page = await entry;
  if (!page) {
    if (held.get(url.pathname) === entry) held.delete(url.pathname);
    return null;
  }
  const stored = await representationOf(page, chooseCoding(clientAcceptEncoding(request)));
  return stored ? answerWith(request, stored) : null;
}
