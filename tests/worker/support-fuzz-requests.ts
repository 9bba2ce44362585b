import { ORIGIN } from "./support";
import type { Case, Target } from "./support-fuzz-cases";
import {
  asJson,
  contactFields,
  multipartBody,
  registrationFields,
  uniqueAddress,
  uniqueIp,
} from "./support-hostile";

// From a fuzz case (support-fuzz-cases.ts) to a Request: its path on our origin, its body in the encoding
// its content type names, its headers and the session its cookie stands for.

// ---------------------------------------------------------------- from a case to a request

type Family = "json" | "urlencoded" | "multipart" | "multipart-no-boundary" | "other";

export function familyOf(contentType: string | null): Family {
  if (contentType === null) return "other";
  const mime = (contentType.split(";")[0] ?? "").trim().toLowerCase();
  if (mime === "application/json") return "json";
  if (mime === "application/x-www-form-urlencoded") return "urlencoded";
  if (mime === "multipart/form-data")
    return /boundary=/i.test(contentType) ? "multipart" : "multipart-no-boundary";
  return "other";
}

/** The path on our origin, as written: "//x" stays a path rather than becoming a host. */
export function urlOf(path: string): URL {
  return new URL(`${ORIGIN}${path}`);
}

export function pathnameOf(target: Target): string {
  return urlOf(target.path).pathname;
}

/** The API's paths: everything under /api/, and /api itself (the catch-all's JSON 404). */
export function isApiPathname(pathname: string): boolean {
  return pathname === "/api" || pathname.startsWith("/api/");
}

export function isApi(target: Target): boolean {
  return isApiPathname(pathnameOf(target));
}

/** The route's valid payload as form fields. */
export function validFields(target: Target): Record<string, string> {
  const pattern = target.kind === "route" ? target.pattern : "";
  if (pattern === "/api/register") return registrationFields(uniqueAddress("fuzz-register"));
  if (pattern === "/login") {
    const fields = registrationFields(uniqueAddress("fuzz-form-register"));
    return { intent: "register", ...fields, confirmPassword: fields.password ?? "" };
  }
  if (pattern === "/api/login") return { email: uniqueAddress("fuzz-nobody"), password: "not the password" };
  if (pattern === "/admin") return { intent: "approve", id: "1" };
  return contactFields(`fuzz-${Date.now()}`);
}

function encodeFields(fields: Record<string, string>, family: Family, api: boolean): string {
  if (family === "json") return asJson(fields);
  if (family === "urlencoded") return new URLSearchParams(fields).toString();
  if (family === "multipart" || family === "multipart-no-boundary") return multipartBody(fields);
  return api ? asJson(fields) : new URLSearchParams(fields).toString();
}

const encoder = new TextEncoder();

function bodyBytes(c: Case): Uint8Array<ArrayBuffer> | null {
  const family = familyOf(c.contentType);
  const api = isApi(c.target);
  const spec = c.body;
  switch (spec.kind) {
    case "none":
      return null;
    case "valid":
      return encoder.encode(encodeFields(validFields(c.target), family, api));
    case "fields":
      return encoder.encode(encodeFields(spec.fields, family, api));
    case "json":
      return encoder.encode(JSON.stringify(spec.value) ?? "null");
    case "text":
      return encoder.encode(spec.text);
    case "bytes":
      return Uint8Array.from(spec.bytes);
    case "deep":
      return encoder.encode(
        spec.open.repeat(spec.depth) + (spec.closed ? closing(spec.open, spec.depth) : ""),
      );
    case "huge-number":
      return encoder.encode(
        `{"firstName":1e999999,"userTypeId":${"9".repeat(spec.digits)},"id":-0.${"0".repeat(spec.digits)}1}`,
      );
    case "oversize": {
      if (spec.fill === "bytes")
        return Uint8Array.from({ length: spec.size }, (_, i) => (i % 2 ? 0xff : 0x00));
      const [head, tail] = spec.fill === "json" ? ['{"message":"', '"}'] : ["message=", ""];
      return encoder.encode(head + "x".repeat(spec.size - head.length - tail.length) + tail);
    }
  }
}

function closing(open: "[" | '{"a":', depth: number): string {
  return (open === "[" ? "]" : "}").repeat(depth);
}

export interface Sessions {
  member: string;
  admin: string;
}

export interface Built {
  request: Request;
  method: string;
  body: Uint8Array<ArrayBuffer> | null;
}

export function build(c: Case, sessions: Sessions): Built {
  const headers = new Headers({ "CF-Connecting-IP": uniqueIp() });
  if (c.contentType !== null) headers.set("Content-Type", c.contentType);
  if (c.origin !== null) headers.set("Origin", c.origin);
  if (c.secFetchSite !== null) headers.set("Sec-Fetch-Site", c.secFetchSite);
  if (c.contentLength !== null) headers.set("Content-Length", c.contentLength);
  if (c.range !== null) headers.set("Range", c.range);
  if (c.conditional !== null) headers.set(c.conditional[0], c.conditional[1]);
  if (c.cookie !== null) {
    headers.set("Cookie", c.cookie === "member" || c.cookie === "admin" ? sessions[c.cookie] : c.cookie);
  }
  const bodiless = ["GET", "HEAD"].includes(c.method.toUpperCase());
  const body = bodiless ? null : bodyBytes(c);
  const request = new Request(urlOf(c.target.path), {
    method: c.method,
    headers,
    body,
    redirect: "manual",
  });
  return { request, method: request.method, body };
}
