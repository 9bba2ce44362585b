// Streams a film from the VIDEOS bucket with the HTTP semantics of RFC 9110 (docs/standards.md, Reliability):
// conditional requests (sections 13.1-13.2), a single byte range (14.1-14.4), HEAD without a body.
// The Range header is parsed here and R2 only ever sees an offset and a length inside the object:
// handed the raw header, R2 throws on a range past the end and can answer NaN for a suffix range.
import { isVideoName, VIDEO_KEY_VARIABLES } from "~/lib/video-names";
import { jsonError } from "../http/json-api.server";

const CONTENT_TYPE = "video/mp4";
const CACHE_CONTROL = "public, max-age=3600";
/** Answers that describe a failed request, not the film, must not be stored by shared caches. */
const NO_STORE = "no-store";

export interface ByteRange {
  offset: number;
  length: number;
}

/** The R2 object key configured for a film name, or null for a name the site does not serve. */
export function videoKey(env: Env, name: string): string | null {
  return isVideoName(name) ? env[VIDEO_KEY_VARIABLES[name]] : null;
}

/**
 * The one range a `Range` header selects from a representation of `size` bytes.
 * `null`: serve the whole film (no header, another unit, a malformed or invalid spec, several ranges;
 * a server may ignore Range, RFC 9110 section 14.2). `"unsatisfiable"`: answer 416.
 */
export function parseRange(header: string | null, size: number): ByteRange | "unsatisfiable" | null {
  if (header === null) return null;
  const match = /^bytes=(.*)$/i.exec(header.trim());
  if (!match) return null;
  // A list rule: empty elements are allowed and ignored (RFC 9110 section 5.6.1.2).
  const specs = (match[1] ?? "")
    .split(",")
    .map((spec) => spec.trim())
    .filter((spec) => spec !== "");
  if (specs.length !== 1) return null;
  const parts = /^(\d*)-(\d*)$/.exec(specs[0] ?? "");
  if (!parts) return null;
  const [, first = "", last = ""] = parts;
  if (first === "" && last === "") return null;

  if (first === "") {
    const suffixLength = Number(last);
    if (suffixLength === 0 || size === 0) return "unsatisfiable";
    const length = Math.min(suffixLength, size);
    return { offset: size - length, length };
  }
  const firstPos = Number(first);
  const lastPos = last === "" ? Number.POSITIVE_INFINITY : Number(last);
  if (lastPos < firstPos) return null;
  if (firstPos >= size) return "unsatisfiable";
  return { offset: firstPos, length: Math.min(lastPos, size - 1) - firstPos + 1 };
}

/** The entity tags of an If-Match / If-None-Match list, or "*". */
function entityTags(header: string): string[] | "*" {
  if (header.trim() === "*") return "*";
  return header.match(/(?:W\/)?"[^"]*"/g) ?? [];
}

const opaque = (tag: string) => tag.replace(/^W\//, "");

/** Whole seconds: HTTP dates carry no milliseconds. */
function lastModifiedSeconds(object: R2Object): number {
  return Math.floor(object.uploaded.getTime() / 1000);
}

function httpDateSeconds(value: string | null): number | null {
  if (value === null) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : Math.floor(time / 1000);
}

/** If-Range (RFC 9110 section 13.1.5): a strong entity tag or the exact Last-Modified date. */
function ifRangeMatches(value: string, object: R2Object): boolean {
  const validator = value.trim();
  if (validator.startsWith('"')) return validator === object.httpEtag;
  if (validator.startsWith("W/")) return false;
  return httpDateSeconds(validator) === lastModifiedSeconds(object);
}

function validatorHeaders(object: R2Object, cacheControl = CACHE_CONTROL): Headers {
  return new Headers({
    "Accept-Ranges": "bytes",
    "Cache-Control": cacheControl,
    "Content-Type": CONTENT_TYPE,
    ETag: object.httpEtag,
    "Last-Modified": object.uploaded.toUTCString(),
  });
}

/** Preconditions in the order of RFC 9110 section 13.2.2; null when the request may proceed. */
function failedPrecondition(request: Request, object: R2Object): Response | null {
  const headers = request.headers;
  const ifMatch = headers.get("If-Match");
  if (ifMatch !== null) {
    const tags = entityTags(ifMatch);
    const strongMatch = tags === "*" || tags.some((tag) => !tag.startsWith("W/") && tag === object.httpEtag);
    if (!strongMatch) return new Response(null, { status: 412, headers: validatorHeaders(object, NO_STORE) });
  } else {
    const since = httpDateSeconds(headers.get("If-Unmodified-Since"));
    if (since !== null && lastModifiedSeconds(object) > since) {
      return new Response(null, { status: 412, headers: validatorHeaders(object, NO_STORE) });
    }
  }

  const ifNoneMatch = headers.get("If-None-Match");
  if (ifNoneMatch !== null) {
    const tags = entityTags(ifNoneMatch);
    const weakMatch = tags === "*" || tags.some((tag) => opaque(tag) === opaque(object.httpEtag));
    if (weakMatch) return new Response(null, { status: 304, headers: validatorHeaders(object) });
  } else {
    const since = httpDateSeconds(headers.get("If-Modified-Since"));
    if (since !== null && lastModifiedSeconds(object) <= since) {
      return new Response(null, { status: 304, headers: validatorHeaders(object) });
    }
  }
  return null;
}

/** The range to send, "unsatisfiable", or null for the whole film. Only GET has range semantics. */
function selectedRange(request: Request, object: R2Object): ByteRange | "unsatisfiable" | null {
  if (request.method !== "GET") return null;
  const ifRange = request.headers.get("If-Range");
  if (ifRange !== null && !ifRangeMatches(ifRange, object)) return null;
  return parseRange(request.headers.get("Range"), object.size);
}

const MAX_ATTEMPTS = 3;

/**
 * Answers GET or HEAD for the film stored under `key`: 200, 206, 304, 412 or 416, streaming R2's body
 * straight into the response (the film is never held in memory), or 404 when no object is stored.
 */
export async function streamVideo(request: Request, bucket: R2Bucket, key: string): Promise<Response> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const object = await bucket.head(key);
    if (!object) return filmMissing();
    const refused = failedPrecondition(request, object);
    if (refused) return refused;

    const range = selectedRange(request, object);
    if (range === "unsatisfiable") {
      const headers = validatorHeaders(object, NO_STORE);
      headers.set("Content-Range", `bytes */${object.size}`);
      return new Response(null, { status: 416, headers });
    }
    const headers = validatorHeaders(object);
    if (request.method === "HEAD") {
      headers.set("Content-Length", String(object.size));
      return new Response(null, { status: 200, headers });
    }

    // etagMatches: the bytes must come from the version whose size and validators were just read.
    const onlyIf = { etagMatches: object.etag };
    const film = await bucket.get(key, range ? { range, onlyIf } : { onlyIf });
    if (!film) return filmMissing();
    if (!("body" in film)) continue; // replaced between head() and get(): start again with the new one
    if (!range) {
      headers.set("Content-Length", String(object.size));
      return new Response(film.body, { status: 200, headers });
    }
    headers.set("Content-Range", `bytes ${range.offset}-${range.offset + range.length - 1}/${object.size}`);
    headers.set("Content-Length", String(range.length));
    return new Response(film.body, { status: 206, headers });
  }
  return jsonError(503, "The film is being replaced; try again in a moment.", {
    headers: { "Retry-After": "1" },
  });
}

function filmMissing(): Response {
  return jsonError(404, "This film has not been uploaded yet.");
}

/** GET and HEAD /api/video/:name. */
export function serveVideo(request: Request, env: Env, name: string): Promise<Response> | Response {
  const key = videoKey(env, name);
  if (key === null) return jsonError(404, `There is no film called "${name}".`);
  return streamVideo(request, env.VIDEOS, key);
}
