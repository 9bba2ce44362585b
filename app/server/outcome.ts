import type { FieldErrors } from "~/lib/field-errors";

// Every use case of the domain returns one of these; the two doors (a page action and a JSON route) only
// translate it: into page data and a toast, or into a status and JSON (GUIDE.md section 1).

export type Outcome<T = null> =
  | { kind: "done"; value: T }
  | { kind: "already-done" }
  | { kind: "invalid"; fieldErrors: FieldErrors; message?: string }
  | { kind: "rate-limited"; retryAfterSeconds: number }
  | { kind: "unauthenticated"; message?: string }
  | { kind: "forbidden" }
  | { kind: "not-found" }
  | { kind: "conflict"; message: string };

export type Failure = Exclude<Outcome<never>, { kind: "done" }>;

export const done = <T>(value: T): Outcome<T> => ({ kind: "done", value });
export const alreadyDone: Failure = { kind: "already-done" };
export const unauthenticated: Failure = { kind: "unauthenticated" };
export const forbidden: Failure = { kind: "forbidden" };
export const notFound: Failure = { kind: "not-found" };
export const invalid = (fieldErrors: FieldErrors, message?: string): Failure => ({
  kind: "invalid",
  fieldErrors,
  message,
});
export const conflict = (message: string): Failure => ({ kind: "conflict", message });
