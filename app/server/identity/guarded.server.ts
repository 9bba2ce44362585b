import type { z } from "zod/mini";
import { LINK_INVALID_MESSAGE } from "~/lib/account-messages";
import { fieldErrorsOf } from "~/lib/schemas";
import type { Caller, Deps } from "../deps";
import { emit } from "../events.server";
import { type RateLimitedAction, rateLimit, trippedHoneypot } from "../operation.server";
import { confirmItsYouFirst, done, invalid, type Outcome } from "../outcome";
import type { SignedInUser } from "../session-user";
import { isRecentlyAuthenticated, requireAdmin, requireSignedIn } from "./caller-checks.server";

// The guards of an operation, declared once and always checked in the same order: the per-address rate
// limit, the honeypot, who the caller must be (read from D1), then the input under its schema. What passed
// is handed to the operation's body, so a body never starts from an unchecked caller or input.

/** Who may call: anyone, a signed-in person, or an administrator (who has a second factor). */
export type Door = "anyone" | "signed-in" | "admin";

type Input<S> = S extends z.ZodMiniType ? z.output<S> : unknown;

/**
 * The last guard of a change only the account's holder may make: the current password again, checked after
 * the input (declared by the account floor, `holderGuard` in holder-confirmation.server.ts).
 */
export interface HolderGuard<T, V> {
  confirm: (deps: Deps, caller: Caller, me: SignedInUser, data: T, input: unknown) => Promise<Outcome<V>>;
}

export interface Guards<
  D extends Door,
  S extends z.ZodMiniType | undefined,
  T,
  H extends HolderGuard<Input<S>, unknown> | undefined = undefined,
> {
  rateLimit?: RateLimitedAction;
  /** A tripped honeypot is answered with this success, and nothing is done. */
  honeypot?: { answer: T };
  door: D;
  /** "Confirm it's you": an authentication within the last 10 minutes, or the answer that asks for one. */
  recent?: boolean;
  schema?: S;
  /** The form-level message of input the schema refuses (e.g. "this link is not valid"). */
  invalidMessage?: string;
  /**
   * A change only the account's holder may make: the current password again (and a code when the sign-in
   * is not recent), checked last (holder-confirmation.server.ts). Needs the "signed-in" door.
   */
  holder?: H;
}

export interface Passed<D extends Door, S extends z.ZodMiniType | undefined, H = undefined> {
  me: D extends "anyone" ? null : SignedInUser;
  input: Input<S>;
  /** The holder, confirmed, when the guards asked for it. */
  holder: H extends HolderGuard<never, infer V> ? V : null;
}

export type Operation<T, Rest extends unknown[] = []> = (
  deps: Deps,
  caller: Caller,
  input?: unknown,
  ...rest: Rest
) => Promise<Outcome<T>>;

export function guarded<
  D extends Door,
  S extends z.ZodMiniType | undefined,
  T,
  Rest extends unknown[] = [],
  H extends HolderGuard<Input<S>, unknown> | undefined = undefined,
>(
  guards: Guards<D, S, T, H>,
  body: (deps: Deps, caller: Caller, passed: Passed<D, S, H>, ...rest: Rest) => Promise<Outcome<T>>,
): Operation<T, Rest> {
  return async (deps, caller, input, ...rest) => {
    if (guards.rateLimit) {
      const limited = await rateLimit(deps.env, guards.rateLimit, caller);
      if (limited) return limited;
    }
    if (guards.honeypot && trippedHoneypot(input)) {
      emit("refusal.honeypot", { action: guards.rateLimit ?? null });
      return done(guards.honeypot.answer);
    }
    let me: SignedInUser | null = null;
    if (guards.door !== "anyone") {
      const found = await (guards.door === "admin" ? requireAdmin : requireSignedIn)(deps.db, caller);
      if (found.kind !== "done") return found;
      if (guards.recent && !isRecentlyAuthenticated(found.value)) return confirmItsYouFirst;
      me = found.value;
    }
    let value: unknown = input;
    if (guards.schema) {
      const parsed = guards.schema.safeParse(input);
      if (!parsed.success) return invalid(fieldErrorsOf(parsed.error), guards.invalidMessage);
      value = parsed.data;
    }
    let holder: unknown = null;
    if (guards.holder && me) {
      const confirmed = await guards.holder.confirm(deps, caller, me, value as Input<S>, input);
      if (confirmed.kind !== "done") return confirmed;
      holder = confirmed.value;
    }
    return body(deps, caller, { me, input: value, holder } as Passed<D, S, H>, ...rest);
  };
}

/** The guards of a form reached from an emailed link: anyone may use it, and bad input is a dead link. */
export function linkGuards<S extends z.ZodMiniType>(limit: RateLimitedAction, schema: S) {
  return { rateLimit: limit, door: "anyone", schema, invalidMessage: LINK_INVALID_MESSAGE } as const;
}
