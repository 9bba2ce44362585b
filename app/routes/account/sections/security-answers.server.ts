import { data, redirect } from "react-router";
import type { FieldErrors } from "~/lib/schemas";
import type { TotpEnrolment } from "~/lib/second-factor-views";
import { signInFirst } from "~/lib/sign-in-paths";
import type { ToastMessage } from "~/lib/toast-message";
import type { Caller, Deps } from "~/server/deps";
import { failureInit } from "~/server/http/form-door.server";
import {
  errorNotice,
  failureNotice,
  itsMessage,
  type PageNotices,
} from "~/server/http/outcome-notices.server";
import {
  describeWaiting,
  keepForConfirmation,
  type PageCall,
  type PageDoor,
  type PageIntent,
  type PageIntents,
} from "~/server/http/page-door.server";
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

/** An answer of this page's action, with any cookie the confirmation set (a new session token). */
export function answer(result: ActionResult, init: ResponseInit = {}, cookie: string | null = null) {
  const headers = new Headers(init.headers);
  if (cookie) headers.append("Set-Cookie", cookie);
  return data<ActionResult>(result, { ...init, headers });
}

/** What this page says of a failure: the outcome's own reason where it has one. */
const SECURITY_NOTICES: PageNotices = {
  conflict: itsMessage(),
  forbidden: (refusal) => errorNotice(refusal.message ?? "That is not allowed."),
  unauthenticated: itsMessage(),
  invalid: itsMessage(),
  otherwise: errorNotice("Please check the fields below."),
};

export function failed(
  outcome: Failure,
  { confirm, cookie = null }: { confirm?: ActionResult["confirm"]; cookie?: string | null } = {},
) {
  if (outcome.kind === "unauthenticated" && !outcome.message)
    throw redirect(signInFirst("/account/security"));
  if (outcome.kind === "forbidden" && outcome.reauthenticate && confirm) {
    return answer({ confirm }, { status: 403 }, cookie);
  }
  // A failed confirmation shows its form again, with the action still waiting.
  const shown = outcome.kind === "rate-limited" ? undefined : confirm;
  return answer({ ...failedResult(outcome), confirm: shown }, failureInit(outcome), cookie);
}

/** The page's data for a failure: its notice (this page's words unless given) and field errors. */
function failedResult(outcome: Failure, notice = failureNotice(outcome, SECURITY_NOTICES)): ActionResult {
  if (outcome.kind === "unauthenticated" && !outcome.message)
    throw redirect(signInFirst("/account/security"));
  return { notice, fieldErrors: outcome.kind === "invalid" ? outcome.fieldErrors : undefined };
}

/** A handler's outcome shown as a notice alone. */
export function noticeOn(outcome: Outcome<unknown>, notice: ToastMessage): Outcome<ActionResult> {
  return outcome.kind === "done" ? { kind: "done", value: { notice } } : outcome;
}

export type SecurityIntent = PageIntent<ActionResult, ActionResult>;

/** How an intent of this page waits for "Confirm it's you". */
interface Waits {
  /** The action in the confirmation's words. */
  describe: string | ((call: PageCall, target: string | null) => Promise<string>);
  /** What it acts on, from the form; nothing by default. */
  target?: (form: Record<string, string>) => string | null;
  /** What runs once confirmed, when not the handler itself (a code typed before is not kept). */
  resume?: SecurityHandler;
}

/** One intent of the page: its handler (beside the form that posts it), and whether it waits. */
export function securityIntent(handler: SecurityHandler, waits?: Waits): SecurityIntent {
  return {
    run: ({ deps, caller, form }) => handler(deps, caller, form),
    done: (value) => value,
    says: SECURITY_NOTICES,
    confirm: waits && {
      target: waits.target ?? (() => null),
      describe: typeof waits.describe === "string" ? () => waits.describe as string : waits.describe,
      resume:
        waits.resume && (({ deps, caller, form }) => (waits.resume as SecurityHandler)(deps, caller, form)),
    },
  };
}

/** The door of /account/security: the confirmation it asks for is shown in place, its form beside it. */
export function securityDoor(intents: PageIntents<ActionResult>): PageDoor<ActionResult> {
  return {
    intents,
    page: "/account/security",
    failed: ({ outcome, notice }) => failedResult(outcome, notice),
    confirm: async (call, action) => {
      const reference = await keepForConfirmation(call, "/account/security", action);
      if (reference === null) throw redirect(signInFirst("/account/security"));
      const description = await describeWaiting(intents, call, action);
      return answer({ confirm: { reference, description } }, { status: 403 });
    },
  };
}
