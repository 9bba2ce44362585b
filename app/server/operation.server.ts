import { createContext, type RouterContextProvider } from "react-router";
import { clientOfCaller, networkOf } from "./client-address";
import { getDb } from "./db.server";
import type { Caller, Deps } from "./deps";
import { emit } from "./events.server";
import type { Failure } from "./outcome";
import type { SessionInfo } from "./session-user";

// An operation's Deps and Caller made from a request (types in deps.ts) and the two router contexts they are
// read from, and the guards the public forms share: the per-address rate limit and the honeypot.

export type { Caller, Deps };

/** The Worker's bindings and execution context, for loaders, actions and middleware. */
export const cloudflareContext = createContext<{ env: Env; ctx: ExecutionContext }>();

/** Who is signed in, from the KV session record alone (null for visitors); privileged code reads D1. */
export const sessionContext = createContext<SessionInfo | null>(null);

export function depsOf(context: Readonly<RouterContextProvider>): Deps {
  const { env, ctx } = context.get(cloudflareContext);
  return { env, db: getDb(env), waitUntil: (promise) => ctx.waitUntil(promise) };
}

export function callerOf(context: Readonly<RouterContextProvider>, request: Request): Caller {
  return {
    session: context.get(sessionContext),
    origin: new URL(request.url).origin,
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
  | "privacy"
  | "reply";

export const RETRY_AFTER_SECONDS = 60;

/**
 * Per-client limit on the public forms (Workers Rate Limiting binding): a failure when exceeded. A client is
 * an IPv4 address or an IPv6 /64 (clientOf), so new addresses from one network share the budget; and the
 * /48 an IPv6 client belongs to has a budget of its own (networkOf), spent only by requests its client's
 * budget let through, so one busy /64 does not spend its neighbours'.
 */
export async function rateLimit(
  env: Env,
  action: RateLimitedAction,
  caller: Caller,
): Promise<Failure | null> {
  const client = clientOfCaller(caller);
  const network = networkOf(client);
  const allowed =
    (await env.FORM_RATE_LIMITER.limit({ key: `${action}:${client ?? "unknown"}` })).success &&
    (network === null || (await env.NETWORK_RATE_LIMITER.limit({ key: `${action}:${network}` })).success);
  if (allowed) return null;
  emit("refusal.rate-limit", { action });
  return { kind: "rate-limited", retryAfterSeconds: RETRY_AFTER_SECONDS };
}

/** The honeypot: a field people never see and bots fill in. */
export const HONEYPOT_FIELD = "website";

export function trippedHoneypot(input: unknown): boolean {
  if (typeof input !== "object" || input === null) return false;
  const value = (input as Record<string, unknown>)[HONEYPOT_FIELD];
  return typeof value === "string" && value.length > 0;
}
