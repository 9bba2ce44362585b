import { CONFIRM_ITS_YOU_MESSAGE, SET_UP_SECOND_FACTOR_MESSAGE } from "~/lib/account-messages";
import type { FieldErrors } from "~/lib/field-errors";

// Every use case of the domain returns one of these; the two doors (a page action and a JSON route) only
// translate it: into page data and a toast, or into a status and JSON (docs/architecture.md).

export type Outcome<T = null> =
  | { kind: "done"; value: T }
  | { kind: "already-done" }
  | { kind: "invalid"; fieldErrors: FieldErrors; message?: string }
  | { kind: "rate-limited"; retryAfterSeconds: number }
  /** `signedOut`: the request's session was ended (too many wrong passwords); the door clears its cookie. */
  | { kind: "unauthenticated"; message?: string; signedOut?: boolean }
  /** `message` says why when it is not "administrators only"; `reauthenticate`: "Confirm it's you" first. */
  | { kind: "forbidden"; message?: string; reauthenticate?: boolean }
  | { kind: "not-found" }
  /** `token`: the session's new token, when a confirmation renewed it before the refusal. */
  | { kind: "conflict"; message: string; token?: string; since?: { by: string | null; at: string } };

export type Failure = Exclude<Outcome<never>, { kind: "done" }>;

export const done = <T>(value: T): Outcome<T> => ({ kind: "done", value });
export const alreadyDone: Failure = { kind: "already-done" };
export const unauthenticated: Failure = { kind: "unauthenticated" };
export const forbidden: Failure = { kind: "forbidden" };
/** An administrator without a second factor, at any admin door. */
export const setUpSecondFactorFirst: Failure = { kind: "forbidden", message: SET_UP_SECOND_FACTOR_MESSAGE };
/** An action that needs an authentication within the last 10 minutes, asked for after that. */
export const confirmItsYouFirst: Failure = {
  kind: "forbidden",
  message: CONFIRM_ITS_YOU_MESSAGE,
  reauthenticate: true,
};
export const notFound: Failure = { kind: "not-found" };
export const invalid = (fieldErrors: FieldErrors, message?: string): Failure => ({
  kind: "invalid",
  fieldErrors,
  message,
});
export const conflict = (message: string): Failure => ({ kind: "conflict", message });
