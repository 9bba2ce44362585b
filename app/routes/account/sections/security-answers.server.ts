import { data, redirect } from "react-router";
import type { ToastMessage } from "~/components/toaster";
import type { FieldErrors } from "~/lib/schemas";
import type { TotpEnrolment } from "~/lib/second-factor-views";
import { signInFirst } from "~/lib/sign-in-paths";
import type { Caller, Deps } from "~/server/deps";
import { failureInit } from "~/server/http/form-door.server";
import { failureNotice, itsMessage } from "~/server/http/outcome-notices.server";
import type { Failure, Outcome } from "~/server/outcome";

// What the sections of /account/security (app/routes/account/sections/*.tsx) answer: each posted intent's
// handler sits beside the form that posts it; the page's action finds it in its intent table, and runs it
// again, with only what the server stored, once "Confirm it's you" is done.

export interface ActionResult {
  notice?: ToastMessage;
  fieldErrors?: FieldErrors;
  /** The action that waits for "Confirm it's you", as the server stored it: its reference and its name. */
  confirm?: { reference: string; description: string };
  enrolment?: TotpEnrolment;
  recoveryCodes?: string[];
}

/** One intent's handler: the outcome, its value what the page shows. */
export type SecurityHandler = (
  deps: Deps,
  caller: Caller,
  form: Record<string, string>,
) => Promise<Outcome<ActionResult>>;

/** The handlers of a section, by the intent its form posts. */
export type SecurityHandlers = Record<string, SecurityHandler>;

export const error = (description: string): ToastMessage => ({
  title: "Error",
  description,
  variant: "destructive",
});

/** An answer of this page's action, with any cookie the confirmation set (a new session token). */
export function answer(result: ActionResult, init: ResponseInit = {}, cookie: string | null = null) {
  const headers = new Headers(init.headers);
  if (cookie) headers.append("Set-Cookie", cookie);
  return data<ActionResult>(result, { ...init, headers });
}

export function failed(
  outcome: Failure,
  { confirm, cookie = null }: { confirm?: ActionResult["confirm"]; cookie?: string | null } = {},
) {
  if (outcome.kind === "unauthenticated" && !outcome.message)
    throw redirect(signInFirst("/account/security"));
  if (outcome.kind === "forbidden" && outcome.reauthenticate && confirm) {
    return answer({ confirm }, { status: 403 }, cookie);
  }
  const notice = failureNotice(outcome, {
    conflict: itsMessage(),
    forbidden: (refusal) => error(refusal.message ?? "That is not allowed."),
    unauthenticated: itsMessage(),
    invalid: itsMessage(),
    otherwise: error("Please check the fields below."),
  });
  const fieldErrors = outcome.kind === "invalid" ? outcome.fieldErrors : undefined;
  // A failed confirmation shows its form again, with the action still waiting.
  return answer(
    { notice, fieldErrors, confirm: outcome.kind === "rate-limited" ? undefined : confirm },
    failureInit(outcome),
    cookie,
  );
}

/** A handler's outcome shown as a notice alone. */
export function noticeOn(outcome: Outcome<unknown>, notice: ToastMessage): Outcome<ActionResult> {
  return outcome.kind === "done" ? { kind: "done", value: { notice } } : outcome;
}
