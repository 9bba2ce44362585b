import type { RouterContextProvider } from "react-router";
import { type Database, getDb } from "./db.server";
import type { Failure } from "./outcome";
import { cloudflareContext, sessionContext } from "./request-context.server";
import type { SessionInfo } from "./session-user";

// What every operation of the domain is given: the bindings, the database, a way to finish work after the
// answer (mail), who is asking (the KV session, to be checked against D1 where it matters) and from where.

export interface Deps {
  env: Env;
  db: Database;
  waitUntil(promise: Promise<unknown>): void;
}

export interface Caller {
  session: SessionInfo | null;
  /** The client's address, for per-address rate limits and account events. */
  address: string;
  userAgent: string | null;
  /** The country Cloudflare's edge places the client in, when it knows. */
  country: string | null;
  /** Cloudflare's id of the request (CF-Ray), to tie an account event to the edge's logs. */
  requestId: string | null;
}

export function depsOf(context: Readonly<RouterContextProvider>): Deps {
  const { env, ctx } = context.get(cloudflareContext);
  return { env, db: getDb(env), waitUntil: (promise) => ctx.waitUntil(promise) };
}

export function callerOf(context: Readonly<RouterContextProvider>, request: Request): Caller {
  return {
    session: context.get(sessionContext),
    address: request.headers.get("CF-Connecting-IP") ?? "unknown",
    userAgent: request.headers.get("User-Agent")?.slice(0, 512) ?? null,
    country: typeof request.cf?.country === "string" ? request.cf.country : null,
    requestId: request.headers.get("CF-Ray"),
  };
}

export type RateLimitedAction =
  | "login"
  | "register"
  | "contact"
  | "confirm-email"
  | "forgot-password"
  | "reset-password"
  | "account"
  | "privacy";

export const RETRY_AFTER_SECONDS = 60;

/** Per-client-address limit on the public forms (Workers Rate Limiting binding): a failure when exceeded. */
export async function rateLimit(
  env: Env,
  action: RateLimitedAction,
  caller: Caller,
): Promise<Failure | null> {
  const { success } = await env.FORM_RATE_LIMITER.limit({ key: `${action}:${caller.address}` });
  return success ? null : { kind: "rate-limited", retryAfterSeconds: RETRY_AFTER_SECONDS };
}

/** The honeypot: a field people never see and bots fill in. */
export const HONEYPOT_FIELD = "website";

export function trippedHoneypot(input: unknown): boolean {
  if (typeof input !== "object" || input === null) return false;
  const value = (input as Record<string, unknown>)[HONEYPOT_FIELD];
  return typeof value === "string" && value.length > 0;
}
