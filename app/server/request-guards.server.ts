// Checks every state-changing request passes before it reaches a route (GUIDE.md section 5).

export const MAX_BODY_BYTES = 16 * 1024;

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function isStateChanging(request: Request): boolean {
  return !SAFE_METHODS.has(request.method);
}

/**
 * A browser's cross-site POST carries an Origin (or Sec-Fetch-Site) that is not ours. Clients that send
 * neither (curl, server-to-server) are not browsers and so cannot be made to forge a visitor's request.
 */
export function isCrossSite(request: Request, siteOrigin: string): boolean {
  const origin = request.headers.get("Origin");
  if (origin) return origin !== new URL(request.url).origin && origin !== siteOrigin;
  const site = request.headers.get("Sec-Fetch-Site");
  return site !== null && site !== "same-origin" && site !== "none";
}

/** Reads at most MAX_BODY_BYTES of the body; null when it is larger. */
export async function readBoundedBody(request: Request): Promise<Uint8Array<ArrayBuffer> | null> {
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > MAX_BODY_BYTES) return null;
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

/** A JSON error for API paths, a short page otherwise. */
export function errorResponse(
  request: Request,
  status: number,
  message: string,
  headers?: HeadersInit,
): Response {
  const init = { status, headers: new Headers(headers) };
  if (new URL(request.url).pathname.startsWith("/api/")) return Response.json({ error: message }, init);
  init.headers.set("Content-Type", "text/plain; charset=utf-8");
  return new Response(message, init);
}
