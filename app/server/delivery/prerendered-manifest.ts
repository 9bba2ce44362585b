// The contract between the build (scripts/prerendered-pages.ts writes it) and the Worker
// (app/server/delivery/prerendered-pages.server.ts reads it): where the prerendered documents live and what
// the Worker needs to serve each one without looking inside it.

/**
 * The folder of build/client that holds the prerendered documents. The Worker runs first for it
 * (vite.config.ts), so nothing in it is ever served as a bare static file, without our headers.
 */
export const PRERENDERED_DIR = "_prerendered";

export const PRERENDERED_MANIFEST_PATH = `/${PRERENDERED_DIR}/manifest.json`;

/** Content codings each document is stored in besides plain HTML, best first. */
export const CONTENT_CODINGS = ["br", "gzip"] as const;
export type ContentCoding = (typeof CONTENT_CODINGS)[number];

export interface PrerenderedPage {
  /** The asset path of the HTML (its folder), read through the ASSETS binding. */
  asset: string;
  /** The asset path of the document in each content coding, compressed at build. */
  encoded: Record<ContentCoding, string>;
  /** Strong ETag of the HTML: the quoted base64url sha256 of the document. */
  etag: string;
  /** base64 sha256 of each inline <style> element, for the page's Content-Security-Policy. */
  styleHashes: string[];
}

export interface PrerenderedManifest {
  /** The SITE_ORIGIN the documents were rendered with (canonical URLs, Open Graph tags). */
  origin: string;
  /** By URL path, e.g. "/insure". */
  pages: Record<string, PrerenderedPage>;
}

/**
 * The folder of one page's files: "/" → "/_prerendered/", "/insure" → "/_prerendered/insure/". The HTML
 * is its index.html (fetched as the folder, the way the assets serve HTML), the encodings beside it.
 */
export function prerenderedFolder(path: string): string {
  return `/${PRERENDERED_DIR}${path === "/" ? "" : path}/`;
}

/**
 * A rendered document without its CSP nonce attributes: what the build stores and the Worker holds for
 * pages that ship no script, whose policy names the inline stylesheet by hash instead.
 */
export function withoutNonces(html: string): string {
  return html.replace(/ nonce="[^"]*"/g, "");
}
