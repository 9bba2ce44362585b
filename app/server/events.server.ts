import { AsyncLocalStorage } from "node:async_hooks";

// One structured event for every outcome an operator counts (issue 45, decision 181): one logged object on
// Workers Logs, with a fixed name from the table below, the request id and the Worker's version, and only
// ids, counts and reasons besides. The alerts of docs/operations.md count these names; nothing else the
// Worker logs carries an `event` key.

/** Every event, declared once: its name and the fields it may carry. */
export const EVENTS = {
  /** A public form's per-client (or per-network) budget was spent: 429. */
  "refusal.rate-limit": ["action"],
  /** A public form's hidden field was filled in: the bot is answered as if it succeeded. */
  "refusal.honeypot": ["action"],
  /** A post from another site: 403. */
  "refusal.origin": ["method"],
  /** A body over the bound: 413. */
  "refusal.size": ["method"],
  /** Second-factor codes of this kind are held for this account from this client (or for the account). */
  "refusal.lockout": ["userId", "factor"],
  /** A wrong second-factor code (counted before the answer). */
  "refusal.wrong-code": ["userId", "factor"],
  /** A password sign-in refused without a check: the client is held for this account. */
  "refusal.held-account": ["userId"],
  /** Email Service accepted one email of a mail event. */
  "mail.handed-over": ["mailEventId", "mailType", "originRequestId"],
  /** Email Service refused or failed one send; `retried` says whether the queue tries again. */
  "mail.failed": ["mailEventId", "mailType", "originRequestId", "reason", "attempts", "retried"],
  /** A run of the administrators' digests that found one due: how many were due, sent, refused, failed. */
  "digest.run": ["due", "sent", "refused", "failed", "originRequestId"],
  /** The audit sealer chained entries (or found none, or refused to): its result. */
  "audit.sealed": ["sealed", "through", "lagSeconds", "outcome"],
  /** Staff published a version of editable content: now, at a time (`content-scheduled`), or a rollback. */
  "content.published": ["kind", "versionId", "userId", "action"],
} as const satisfies Record<string, readonly FieldKey[]>;

/**
 * The only keys an event may carry besides its name, the request id and the version: ids, counts and
 * reasons. No address, email, IP, user agent, token, code or free text a person typed has a key here.
 */
export const FIELD_KEYS = [
  "action",
  "method",
  "userId",
  "factor",
  "mailEventId",
  "mailType",
  "originRequestId",
  "reason",
  "attempts",
  "retried",
  "due",
  "sent",
  "refused",
  "failed",
  "sealed",
  "through",
  "lagSeconds",
  "outcome",
  "kind",
  "versionId",
] as const;

export type FieldKey = (typeof FIELD_KEYS)[number];
export type EventName = keyof typeof EVENTS;
type FieldValue = string | number | boolean | null;
export type EventFields<E extends EventName> = { [K in (typeof EVENTS)[E][number]]?: FieldValue };

/** What every event of one invocation carries: set once where the invocation starts. */
export interface InvocationScope {
  /** The request (for its CF-Ray), or null for a queue batch, a cron or an inbound email. */
  request: Request | null;
  version: string | null;
  /** Made on the first event (most requests have none), then kept. */
  requestId?: string;
}

const scope = new AsyncLocalStorage<InvocationScope>();

const REQUEST_ID = /^[A-Za-z0-9_.:-]{1,64}$/;

/** Cloudflare's id of a request (CF-Ray) when it is one we can log; else a new id for this invocation. */
export function requestIdOf(request: Request | null): string {
  const ray = request?.headers.get("CF-Ray");
  return ray && REQUEST_ID.test(ray) ? ray : crypto.randomUUID();
}

/** The deployed version's id (the version metadata binding), or null where none is bound. */
export function versionOf(env: Partial<Pick<Env, "CF_VERSION_METADATA">>): string | null {
  return env.CF_VERSION_METADATA?.id ?? null;
}

/** Runs one invocation (a request, a queue batch, a cron) with its request id and version. */
export function withInvocation<T>(invocation: InvocationScope, run: () => T): T {
  return scope.run(invocation, run);
}

/** The request id events of this invocation carry (so a queue message can carry it on). */
export function currentRequestId(): string | null {
  const invocation = scope.getStore();
  if (!invocation) return null;
  invocation.requestId ??= requestIdOf(invocation.request);
  return invocation.requestId;
}

/** The request id only when this invocation is a request: a cron's own id names no request that stored anything. */
export function currentRequestIdOfRequest(): string | null {
  return scope.getStore()?.request ? currentRequestId() : null;
}

/**
 * Writes one event: one object, never awaited, never thrown from. An object, not a JSON string: Workers Logs
 * indexes a logged object's fields (what the alerts count), and the deployment's mark (workers/log-deployment.ts)
 * joins it as one more field of the same object.
 */
export function emit<E extends EventName>(event: E, fields: EventFields<E> = {}): void {
  console.log({
    event,
    requestId: currentRequestId(),
    version: scope.getStore()?.version ?? null,
    ...fields,
  });
}
