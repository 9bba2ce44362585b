import { data, redirect } from "react-router";
import type { FieldErrors } from "~/lib/schemas";
import type { TotpEnrolment } from "~/lib/second-factor-views";
import { signInFirst } from "~/lib/sign-in-paths";
import type { ToastMessage } from "~/lib/toast-message";
import type { Caller, Deps } from "~/server/deps";
import { sessionCookie } from "~/server/http/cookies.server";
import { errorNotice, itsMessage, type PageNotices } from "~/server/http/outcome-notices.server";
import {
  confirmingIntents,
  describeWaiting,
  findWaiting,
  keepForConfirmation,
} from "~/server/http/page-confirmation.server";
import {
  type PageCall,
  type PageDoor,
  type PageIntent,
  type PageIntents,
  withCookie,
} from "~/server/http/page-door.server";
import { continueUnderToken } from "~/server/http/request-context.server";
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
function answer(result: ActionResult, init: ResponseInit = {}, cookie: string | null = null) {
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

const NOTHING_TO_CONFIRM =
  "There is nothing to confirm: it was done already, or waited more than 10 minutes. Nothing was done; start again.";

/** The page's data for a failure: its notice and field errors. */
function failedResult(outcome: Failure, notice: ToastMessage): ActionResult {
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

/**
 * The door of /account/security: the confirmation it asks for is shown in place, its form beside it, and
 * its form's post resumes the waiting action here.
 */
export function securityDoor(intents: PageIntents<ActionResult>): PageDoor<ActionResult> {
  const page = "/account/security";
  const confirming = confirmingIntents<ActionResult, ActionResult>(() => door, page, {
    done: (confirmed, { request, context }) => {
      const cookie = confirmed.token ? sessionCookie(request, confirmed.token) : null;
      continueUnderToken(context, confirmed.token);
      if (confirmed.kind === "resumed") return withCookie(confirmed.answer, cookie);
      return answer({ notice: errorNotice(NOTHING_TO_CONFIRM) }, { status: 404 }, cookie);
    },
    says: SECURITY_NOTICES,
  });
  const door: PageDoor<ActionResult> = {
    intents: { ...intents, ...confirming },
    page,
    // Never the address with its `?enrolment=` link: a confirmation comes back to the page itself.
    back: page,
    failed: async ({ outcome, notice, intent, call }) => {
      const result = failedResult(outcome, notice);
      if (intent === null || !Object.hasOwn(confirming, intent) || outcome.kind === "rate-limited") {
        return result;
      }
      // A failed confirmation shows its form again, with the action still waiting.
      const reference = call.form.ref ?? "";
      const waiting = await findWaiting(call, page, intents, reference);
      if (!waiting) return result;
      return {
        ...result,
        confirm: { reference, description: await describeWaiting(intents, call, waiting) },
      };
    },
    confirm: async (call, action) => {
      const reference = await keepForConfirmation(call, page, action);
      if (reference === null) throw redirect(signInFirst(page));
      const description = await describeWaiting(intents, call, action);
      return answer({ confirm: { reference, description } }, { status: 403 });
    },
  };
  return door;
}
