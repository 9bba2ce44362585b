import { data, type RouterContextProvider, redirect } from "react-router";
import { signInFirst } from "~/lib/sign-in-paths";
import type { Caller, Deps } from "~/server/deps";
import type { ActionResult, Section } from "./section-answer";

export type { ActionResult, Section } from "./section-answer";

import { failureInit, throwIfSignedOut } from "~/server/http/form-door.server";
import { errorNotice, failureNotice } from "~/server/http/outcome-notices.server";
import type { Failure } from "~/server/outcome";

// What the sections of /account (app/routes/account/sections/*.tsx) answer: each posted intent's handler
// sits beside the form that posts it; the page's action finds the handler in its intent table.

/** What one handler gets: the request, the page's context, and the posted form without its intent. */
export interface IntentArgs {
  request: Request;
  context: Readonly<RouterContextProvider>;
  deps: Deps;
  caller: Caller;
  form: Record<string, string>;
}

export function answer(result: ActionResult, init?: ResponseInit) {
  return data<ActionResult>(result, init);
}

export type Answer = ReturnType<typeof answer> | Response;

/** The handlers of a section, by the intent its form posts. */
export type IntentHandlers = Record<string, (args: IntentArgs) => Promise<Answer>>;

export function failed(
  section: Section,
  outcome: Failure,
  description: string,
  values?: Record<string, string>,
) {
  if (outcome.kind === "unauthenticated" && !outcome.message) throw redirect(signInFirst("/account"));
  const notice = failureNotice(outcome, { otherwise: errorNotice("Error", description) });
  return answer(
    {
      section,
      notice,
      fieldErrors: outcome.kind === "invalid" ? outcome.fieldErrors : undefined,
      values,
    },
    failureInit(outcome),
  );
}

/**
 * A wrong current password shows on its field (400, like any field error); the one that ended the session
 * goes to the sign-in, saying why; other failures as usual.
 */
export function wrongPasswordOr(
  request: Request,
  section: Section,
  outcome: Failure,
  passwordField: string,
  values?: Record<string, string>,
) {
  throwIfSignedOut(request, outcome, "/account");
  if (outcome.kind === "unauthenticated" && outcome.message) {
    return answer(
      {
        section,
        notice: { title: "Error", description: outcome.message, variant: "destructive" },
        fieldErrors: { [passwordField]: outcome.message },
        values,
      },
      { status: 400 },
    );
  }
  return failed(section, outcome, "Please check the fields below.", values);
}
