import { redirect } from "react-router";
import type { ConfirmingIntent } from "~/lib/page-intents";
import {
  findInterruptedAction,
  type InterruptedAction,
  interruptAction,
} from "../identity/interrupted-actions.server";
import type { Failure } from "../outcome";
import { done } from "../outcome";
import { resumeInterrupted } from "../sign-in/confirm-its-you.server";
import { sessionCookie } from "./cookies.server";
import {
  type Answered,
  answerOutcome,
  type PageCall,
  type PageDoor,
  type PageIntent,
  type PageIntents,
  withCookie,
} from "./page-door.server";

// "Confirm it's you" through the page door: an intent refused for want of a recent sign-in is kept for
// this session (`keepForConfirmation`), named on the page that asks (`describeWaiting`), and run once
// confirmed with only what was stored (`resumeIntent`). The form that confirms posts an intent of its page
// like any other (`confirmingIntents`).

/** The names of the intents that may wait for "Confirm it's you": the only ones a reference can name here. */
export function confirmableIntents<D>(intents: PageIntents<D>): string[] {
  return Object.keys(intents).filter((name) => intents[name]?.confirm);
}

/**
 * Where a waiting action goes on: the page that resumes it. It is stored with the intent's name
 * (`/account/security#passkey-remove`), so a reference kept for one page names nothing on another, even
 * where two pages declare an intent of the same name.
 */
export type ResumePage = "/confirm-its-you" | "/account/security";

const storedName = (page: ResumePage, intent: string) => `${page}#${intent}`;

/**
 * Keeps an action refused for want of a recent sign-in for this session, to go on once it is confirmed
 * on `page` (interrupted-actions.server.ts): its reference, or null for a caller who is not signed in.
 */
export async function keepForConfirmation(
  call: PageCall,
  page: ResumePage,
  action: { intent: string; target: string | null },
): Promise<string | null> {
  if (!call.caller.session) return null;
  const { intent, target } = action;
  return interruptAction(call.deps.db, call.caller.session, {
    intent: storedName(page, intent),
    target,
    next: call.back,
  });
}

/** The intents of `intents` a reference may name on `page`, as they are stored. */
function storedNames<D>(page: ResumePage, intents: PageIntents<D>): string[] {
  return confirmableIntents(intents).map((name) => storedName(page, name));
}

/** A stored action as its page declares it (its intent's own name), or null when it is not this page's. */
function asDeclared(page: ResumePage, action: InterruptedAction): InterruptedAction | null {
  const prefix = storedName(page, "");
  return action.intent.startsWith(prefix) ? { ...action, intent: action.intent.slice(prefix.length) } : null;
}

/** The live action a reference names on `page`, without spending it; null when it names none. */
export async function findWaiting<D>(
  call: PageCall,
  page: ResumePage,
  intents: PageIntents<D>,
  reference: string,
): Promise<InterruptedAction | null> {
  if (!call.caller.session) return null;
  const stored = await findInterruptedAction(
    call.deps.db,
    call.caller.session,
    reference,
    storedNames(page, intents),
  );
  return stored && asDeclared(page, stored);
}

/**
 * Keeps the action and sends the caller to /confirm-its-you, which names it, confirms, runs it and comes
 * back to `call.back` (the dashboard and the downloads, which ship none of its code); a caller who is not
 * signed in goes to /login.
 */
export async function askOnConfirmPage(
  call: PageCall,
  action: { intent: string; target: string | null },
): Promise<never> {
  const reference = await keepForConfirmation(call, "/confirm-its-you", action);
  if (reference === null) throw redirect("/login");
  throw redirect(`/confirm-its-you?${new URLSearchParams({ ref: reference })}`);
}

/** The words a confirmation shows for a stored action of `intents`. */
export async function describeWaiting<D>(
  intents: PageIntents<D>,
  call: PageCall,
  action: { intent: string; target: string | null },
): Promise<string> {
  const confirm = Object.hasOwn(intents, action.intent) ? intents[action.intent]?.confirm : undefined;
  return confirm ? confirm.describe(call, action.target) : "Go on with what you asked for";
}

/** Where a posted "Confirm it's you" leaves a page (the stored action ran, or why not). */
export type Resumed<D> =
  | { kind: "nothing"; token: string | null }
  | { kind: "refused"; outcome: Failure; action: InterruptedAction | null }
  | { kind: "resumed"; action: InterruptedAction; token: string | null; answer: Response | Answered<D> };

/**
 * The one "Confirm it's you" flow: the posted form (`intent` "confirm-its-you" with the password and code,
 * or "resume" after a passkey) confirms the session and spends the action its `ref` names among this
 * door's intents; then the intent runs as the confirmed caller, with only what was stored, and is answered
 * as if it had been posted.
 */
export async function resumeIntent<D>(
  door: PageDoor<D>,
  page: ResumePage,
  call: PageCall,
  posted: Record<string, string>,
): Promise<Resumed<D>> {
  const resumption = await resumeInterrupted(call.deps, call.caller, posted, storedNames(page, door.intents));
  if (resumption.kind === "nothing") return resumption;
  const action = resumption.action && asDeclared(page, resumption.action);
  if (resumption.kind === "refused") return { ...resumption, action };
  const { token } = resumption;
  const declared = action ? door.intents[action.intent] : undefined;
  if (!action || !declared?.confirm) return { kind: "nothing", token };
  const confirmed: PageCall = {
    ...call,
    caller: resumption.caller,
    form: action.target === null ? {} : { id: action.target },
    back: action.next,
  };
  try {
    const outcome = await (declared.confirm.resume ?? declared.run)(confirmed);
    const answer = await answerOutcome(door, action.intent, declared, outcome, confirmed);
    return { kind: "resumed", action, token, answer };
  } catch (thrown) {
    // A redirect or refusal thrown after the confirmation moved the session to a new token: the browser
    // must get that token with it, or it is left holding a dead one.
    if (token) withCookie(thrown, sessionCookie(call.request, token));
    throw thrown;
  }
}

/** What a posted "Confirm it's you" came to when it was not refused. */
export type Confirmed<D> = Exclude<Resumed<D>, { kind: "refused" }>;

/**
 * The intents of a page that confirms it's you: each confirms the session and resumes the action its
 * `ref` names among `door`'s intents (as stored for `page`). A refusal is the page's failure like any
 * other, with the intent's name, so the page can show its form again; `done` answers the rest.
 */
export function confirmingIntents<D, A>(
  door: () => PageDoor<D>,
  page: ResumePage,
  answer: Omit<PageIntent<A, Confirmed<D>>, "run">,
): Record<ConfirmingIntent, PageIntent<A, Confirmed<D>>> {
  const confirming = (intent: ConfirmingIntent): PageIntent<A, Confirmed<D>> => ({
    ...answer,
    run: async (call) => {
      const resumed = await resumeIntent(door(), page, call, { ...call.form, intent });
      return resumed.kind === "refused" ? resumed.outcome : done(resumed);
    },
  });
  return { "confirm-its-you": confirming("confirm-its-you"), resume: confirming("resume") };
}
