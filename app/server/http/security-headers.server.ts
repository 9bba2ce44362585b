import { encodeBase64 } from "@oslojs/encoding";

export function createNonce(): string {
  return encodeBase64(crypto.getRandomValues(new Uint8Array(16)));
}

/**
 * What a page may run or style inline: a rendered page carries a per-response nonce; a document served
 * from memory names its inline scripts and stylesheets by their sha256 (a content page has no script).
 */
export type InlineAllowance =
  | { nonce: string }
  | { styleHashes: readonly string[]; scriptHashes?: readonly string[] };

const hashSources = (hashes: readonly string[]) => hashes.map((hash) => `'sha256-${hash}'`);

function scriptSources(allow: InlineAllowance): string {
  if ("nonce" in allow) return `'nonce-${allow.nonce}' 'strict-dynamic'`;
  const hashes = allow.scriptHashes ?? [];
  // The scripts allowed by hash may load others (the browser runtime's modules) through 'strict-dynamic'.
  return hashes.length > 0 ? [...hashSources(hashes), "'strict-dynamic'"].join(" ") : "'none'";
}

export function contentSecurityPolicy(allow: InlineAllowance): string {
  const scriptSrc = scriptSources(allow);
  const inlineStyles = "nonce" in allow ? [`'nonce-${allow.nonce}'`] : hashSources(allow.styleHashes);
  return [
    "default-src 'self'",
    `script-src ${scriptSrc}`,
    // The stylesheet is inlined with the nonce or its hash; style attributes stay forbidden.
    ["style-src 'self'", ...inlineStyles].join(" "),
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "media-src 'self'",
    // The IP-token film plays from YouTube's privacy-enhanced host, and only after the visitor asks.
    "frame-src https://www.youtube-nocookie.com",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join("; ");
}

const PERMISSIONS_POLICY = [
  "accelerometer=()",
  `autoplay=(self "https://www.youtube-nocookie.com")`,
  "camera=()",
  "display-capture=()",
  "geolocation=()",
  "gyroscope=()",
  "magnetometer=()",
  "microphone=()",
  "midi=()",
  "payment=()",
  "usb=()",
].join(", ");

function applyCommonHeaders(headers: Headers, allow: InlineAllowance): void {
  headers.set("Content-Security-Policy", contentSecurityPolicy(allow));
  headers.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("Permissions-Policy", PERMISSIONS_POLICY);
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
  headers.set("Cross-Origin-Resource-Policy", "same-origin");
  headers.set("X-Frame-Options", "DENY");
}

/** The headers of GUIDE.md section 5, set on every response the Worker renders. */
export function applySecurityHeaders(headers: Headers, nonce: string): void {
  applyCommonHeaders(headers, { nonce });
  const type = headers.get("Content-Type") ?? "";
  // Pages carry a per-response nonce and depend on the session cookie: never store them.
  if (type.startsWith("text/html") || !headers.has("Cache-Control")) {
    headers.set("Cache-Control", "no-store");
  }
}

/**
 * The same headers for a prerendered page. Its document is the same for every visitor until the next
 * deployment, so browsers may keep it but must revalidate it (ETag) before showing it again; `Vary:
 * Cookie` keeps a signed-in request from ever being answered with it by a cache.
 */
export function applyPrerenderedPageHeaders(headers: Headers, styleHashes: readonly string[]): void {
  applyCommonHeaders(headers, { styleHashes });
  headers.set("Cache-Control", "no-cache");
  headers.set("Vary", "Cookie, Accept-Encoding");
}

/**
 * A page with a form as every visitor first sees it, rendered once and held: its inline code allowed by
 * hash. Like the page rendered per request, never stored: a browser keeps no copy of a form a person fills in.
 */
export function applyHeldFormPageHeaders(headers: Headers, hashes: InlineHashes): void {
  applyCommonHeaders(headers, hashes);
  headers.set("Cache-Control", "no-store");
  headers.set("Vary", "Cookie, Accept-Encoding");
}

/** The sha256 of each inline script and stylesheet of a document served from memory. */
export interface InlineHashes {
  scriptHashes: readonly string[];
  styleHashes: readonly string[];
}

/** A held content page for a signed-in person: the prerendered page's hash CSP, never stored by anyone. */
export function applyHeldPageHeaders(headers: Headers, styleHashes: readonly string[]): void {
  applyCommonHeaders(headers, { styleHashes });
  headers.set("Cache-Control", "no-store");
  headers.set("Vary", "Cookie, Accept-Encoding");
}
