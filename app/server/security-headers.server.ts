import { encodeBase64 } from "@oslojs/encoding";

export function createNonce(): string {
  return encodeBase64(crypto.getRandomValues(new Uint8Array(16)));
}

export function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic'`,
    // The stylesheet is inlined with the nonce; style attributes stay forbidden.
    `style-src 'self' 'nonce-${nonce}'`,
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

/** The headers of GUIDE.md section 5, set on every response the Worker produces. */
export function applySecurityHeaders(headers: Headers, nonce: string): void {
  headers.set("Content-Security-Policy", contentSecurityPolicy(nonce));
  headers.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("Permissions-Policy", PERMISSIONS_POLICY);
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
  headers.set("Cross-Origin-Resource-Policy", "same-origin");
  headers.set("X-Frame-Options", "DENY");
  const type = headers.get("Content-Type") ?? "";
  // Pages carry a per-response nonce and depend on the session cookie: never store them.
  if (type.startsWith("text/html") || !headers.has("Cache-Control")) {
    headers.set("Cache-Control", "no-store");
  }
}
