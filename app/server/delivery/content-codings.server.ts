import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { encodeBase64urlNoPadding } from "@oslojs/encoding";
import { CONTENT_CODINGS, type ContentCoding } from "./prerendered-manifest";

// The documents the Worker answers from memory (prerendered, held) go out in a content coding chosen from
// what the client accepts, each coding with its own ETag (RFC 9110 sections 8.8.3 and 12.5.3).

export type Coding = ContentCoding | "identity";

type Bytes = Uint8Array<ArrayBuffer>;

/**
 * The Accept-Encoding the client sent. Cloudflare's front line, and Miniflare imitating it, hands the
 * Worker `Accept-Encoding: br, gzip` whatever the client sent, and keeps the client's own value in
 * `request.cf.clientAcceptEncoding` ("" when it sent none): a stored brotli body would otherwise reach a
 * client that never asked for it (curl, simple bots, health checks).
 */
export function clientAcceptEncoding(request: Request): string | null {
  const original = request.cf?.clientAcceptEncoding;
  return typeof original === "string" ? original : request.headers.get("Accept-Encoding");
}

const TOKEN = /^[a-z0-9!#$%&'*+.^_`|~-]+$/;
const QVALUE = /^(0(\.\d{0,3})?|1(\.0{0,3})?)$/;

/** The q-value of each coding the header names; a member that does not parse is left out. */
function weights(acceptEncoding: string): Map<string, number> {
  const named = new Map<string, number>();
  for (const member of acceptEncoding.toLowerCase().split(",")) {
    const [coding = "", ...params] = member.split(";").map((piece) => piece.trim());
    if (!TOKEN.test(coding) || named.has(coding)) continue;
    const weight = params.find((param) => /^q\s*=/.test(param))?.replace(/^q\s*=\s*/, "");
    if (weight === undefined) named.set(coding, 1);
    else if (QVALUE.test(weight)) named.set(coding, Number(weight));
  }
  return named;
}

/**
 * The coding to send: the stored coding the client names with the highest q-value (brotli before gzip on
 * a tie), unless it gives identity (by name or by `*`) a higher one. `*` stands for any coding, but picks
 * none of ours: only a client that names brotli or gzip gets them, as at Cloudflare's edge. With no
 * header, an empty one, `identity`, or nothing of ours acceptable (`identity;q=0` alone), the page goes
 * uncompressed: a client that refuses identity but accepts none of our codings still gets the page
 * (RFC 9110 section 12.5.3 lets a server disregard the header rather than answer 406).
 */
export function chooseCoding(acceptEncoding: string | null): Coding {
  if (!acceptEncoding?.trim()) return "identity";
  const named = weights(acceptEncoding);
  // Unnamed, identity is acceptable but comes after any coding the client names.
  const identity = named.get("identity") ?? named.get("*") ?? 0;
  let best: Coding = "identity";
  let bestWeight = 0;
  for (const coding of CONTENT_CODINGS) {
    const weight = named.get(coding) ?? 0;
    if (weight > bestWeight) [best, bestWeight] = [coding, weight];
  }
  return bestWeight > 0 && bestWeight >= identity ? best : "identity";
}

/** Each coding of a document has its own strong ETag: the document's, with the coding appended. */
export function representationEtag(etag: string, coding: Coding): string {
  return coding === "identity" ? etag : `${etag.slice(0, -1)}-${coding}"`;
}

/**
 * Whether If-None-Match names this representation (weak comparison, RFC 9110 section 13.1.2) or is `*`.
 * Only the ETag of the coding this request gets counts: a client holding another coding gets this one.
 */
export function isNotModified(request: Request, etag: string): boolean {
  const ifNoneMatch = request.headers.get("If-None-Match");
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(",").some((tag) => {
    const opaque = tag.trim().replace(/^W\//, "");
    return opaque === "*" || opaque === etag;
  });
}

/** One coding of a document held in memory, with the headers of its 200 and of its 304. */
export interface Representation {
  etag: string;
  body: Bytes;
  headers: [string, string][];
  /** A 304 describes the representation it confirms but has no body to encode. */
  notModifiedHeaders: [string, string][];
}

/** The 304, the HEAD or the 200 for a representation held in memory, already in its coding. */
export function answerWith(request: Request, representation: Representation): Response {
  if (isNotModified(request, representation.etag)) {
    return new Response(null, { status: 304, headers: representation.notModifiedHeaders });
  }
  const body = request.method === "HEAD" ? null : representation.body;
  // The body is already in its content coding: the runtime must send it as it is.
  return new Response(body, { headers: representation.headers, encodeBody: "manual" });
}

/** The representation of `body` in `coding`, its ETag and Content-Encoding added to `headers`. */
export function representation(
  body: Bytes,
  coding: Coding,
  documentEtag: string,
  headers: Headers,
): Representation {
  const etag = representationEtag(documentEtag, coding);
  const withEtag = new Headers(headers);
  withEtag.set("ETag", etag);
  const notModifiedHeaders = [...withEtag];
  if (coding !== "identity") withEtag.set("Content-Encoding", coding);
  return { etag, body, headers: [...withEtag], notModifiedHeaders };
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
/** Quality 5: 1.8 ms for a 54 KB page and within 11% of quality 11's size, which takes 51 ms. */
const BROTLI_QUALITY = 5;

/** A document compressed in the Worker (once per isolate: the held pages). */
export async function compress(document: Bytes, coding: ContentCoding): Promise<Bytes> {
  const encoded =
    coding === "br"
      ? await brotliAsync(document, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } })
      : await gzipAsync(document);
  return new Uint8Array(encoded);
}

/** The quoted base64url sha256 of a document: its strong ETag (the build computes the same). */
export async function documentEtag(document: Bytes): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", document));
  return `"${encodeBase64urlNoPadding(digest)}"`;
}
