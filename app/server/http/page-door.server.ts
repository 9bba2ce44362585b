import { data, type RouterContextProvider, redirect } from "react-router";
import type { ToastMessage } from "~/lib/toast-message";
import {
  findInterruptedAction,
  type InterruptedAction,
  interruptAction,
} from "../identity/interrupted-actions.server";
import { type Caller, callerOf, type Deps, depsOf } from "../operation.server";
import type { Failure, Outcome } from "../outcome";
import { resumeInterrupted } from "../sign-in/confirm-its-you.server";
import { sessionCookie } from "./cookies.server";
import { failureInit, readForm, throwIfSignedOut } from "./form-door.server";
import { errorNotice, failureNotice, type PageNotices } from "./outcome-notices.server";

// The page door, as `jsonAction` is the JSON one: a page's forms post an intent, and the page declares
// each intent once (its operation, what it answers when it worked, what it says differently when it
// failed, and whether it may wait for "Confirm it's you"). The door reads the form, runs the operation and
// turns its outcome into the page's data and status; schema, guard, rate limit and storage stay in the
// operation. A page writes only how its data wraps a notice (`failed`).

/** What an intent's operation and answers get. */
export interface PageCall {
  request: Request;
  context: Readonly<RouterContextProvider>;
  deps: Deps;
  caller: Caller;
  /** The posted form, without its intent. */
  form: Record<string, string>;
  /** The page the form was posted to (path and query): where a sign-in or a confirmation comes back. */
  back: string;
}

/**
 * An answer of a page: its data (with a notice), its data with a status or cookies (`data(…, init)`), or a
 * Response (a redirect with cookies).
 */
export type PageAnswer<D> = D | Answered<D> | Response;
type Answered<D> = ReturnType<typeof data<D>>;

/** One intent a page's form posts. */
export interface PageIntent<D, V = unknown> {
  run: (call: PageCall) => Promise<Outcome<V>>;
  /** The page's answer when it worked. */
  done: (value: V, call: PageCall) => PageAnswer<D> | Promise<PageAnswer<D>>;
  /** What the page says differently when it failed (outcome-notices.server.ts has the rest). */
  says?: PageNotices;
  /** What the page shows again after a failure, of what was posted (never a password). */
  keep?: (form: Record<string, string>) => Record<string, string>;
  /**
   * May wait for "Confirm it's you" (one flow for every page: `keepForConfirmation`, `resumeIntent`). An
   * intent without this answers the refusal as a failure.
   */
  confirm?: {
    /** What the stored action acts on: an id from the form, or nothing. Nothing else of the form is kept. */
    target: (form: Record<string, string>) => string | null;
    /** The action in the words the confirmation shows ("Reset the second factors of jane@example.com"). */
    describe: (call: PageCall, target: string | null) => Promise<string> | string;
    /** What runs once confirmed, when not `run` on the stored target alone. */
    resume?: (call: PageCall) => Promise<Outcome<V>>;
  };
}

/** A page's intents, each declared once: `satisfies` keeps the names as the keys' type. */
// biome-ignore lint/suspicious/noExplicitAny: each intent's value type is its own; `done` is typed where it is declared.
export type PageIntents<D> = Record<string, PageIntent<D, any>>;

/** Declares one intent with its value type inferred from `run`, so `done` is typed. */
export function intent<D, V>(declared: PageIntent<D, V>): PageIntent<D, V> {
  return declared;
}

export interface Failed {
  outcome: Failure;
  /** What the table and the intent say for it. */
  notice: ToastMessage;
  /** The intent that failed; null for an intent the page does not take. */
  intent: string | null;
  /** What the intent keeps of the form, to show again. */
  values?: Record<string, string>;
  call: PageCall;
}

export interface PageDoor<D> {
  intents: PageIntents<D>;
  /**
   * The page's data around a failure's notice (its field errors, the values to show again), answered with
   * the outcome's status; or its own answer. May throw (a redirect).
   */
  failed: (failure: Failed) => D;
  /** Where a signed-out caller goes after signing in. */
  page: string;
  /** The intent of a form that names none, or one the page does not take; none answers 400. */
  fallback?: string;
  /** Keeps an action that waits for "Confirm it's you" and asks for it (a redirect or the page's data). */
  confirm?: (call: PageCall, action: { intent: string; target: string | null }) => Promise<PageAnswer<D>>;
}

const UNKNOWN_ACTION = errorNotice("Unknown action.");

type ActionArgs = { request: Request; context: Readonly<RouterContextProvider>; url?: URL };

/** Runs `intent` of `door` for a call: the one way every page answers a posted intent. */
export async function answerIntent<D>(door: PageDoor<D>, name: string | undefined, call: PageCall) {
  const chosen =
    name !== undefined && Object.hasOwn(door.intents, name) ? name : (door.fallback ?? undefined);
  const declared = chosen === undefined ? undefined : door.intents[chosen];
  if (!declared || chosen === undefined) {
    const outcome: Failure = { kind: "invalid", fieldErrors: {} };
    return wrap(door.failed({ outcome, notice: UNKNOWN_ACTION, intent: null, call }), { status: 400 });
  }
  return answerOutcome(door, chosen, declared, await declared.run(call), call);
}

async function answerOutcome<D, V>(
  door: PageDoor<D>,
  chosen: string,
  declared: PageIntent<D, V>,
  outcome: Outcome<V>,
  call: PageCall,
) {
  if (outcome.kind === "done") return wrap(await declared.done(outcome.value, call));
  throwIfSignedOut(call.request, outcome, door.page);
  if (outcome.kind === "forbidden" && outcome.reauthenticate && declared.confirm && door.confirm) {
    return wrap(await door.confirm(call, { intent: chosen, target: declared.confirm.target(call.form) }));
  }
  const notice = failureNotice(outcome, declared.says);
  const values = declared.keep?.(call.form);
  const init = failureInit(outcome);
  // A confirmation that renewed the session before the refusal: the new token goes out with the answer.
  if (outcome.kind === "conflict" && outcome.token) {
    const headers = new Headers(init.headers);
    headers.append("Set-Cookie", sessionCookie(call.request, outcome.token));
    init.headers = headers;
  }
  return wrap(door.failed({ outcome, notice, intent: chosen, values, call }), init);
}

/** The action of a page whose forms post intents to `door`. */
export function pageAction<D>(door: PageDoor<D>) {
  return async ({ request, context, url }: ActionArgs) => {
    const { intent: name, ...form } = await readForm(request);
    return answerIntent(door, name, pageCallOf({ request, context, url }, form));
  };
}

/**
 * The call of a page's request: `back` is the page itself, from the action's `url`, never `request.url`,
 * which for a hydrated form is React Router's data request.
 */
export function pageCallOf(
  { request, context, url }: ActionArgs,
  form: Record<string, string> = {},
  back?: string,
): PageCall {
  const page = url ?? new URL(request.url);
  return {
    request,
    context,
    deps: depsOf(context),
    caller: callerOf(context, request),
    form,
    back: back ?? page.pathname + page.search,
  };
}

/** A page's answer as the action returns it: its data with `init` unless the page chose its own. */
function wrap<D>(answer: PageAnswer<D>, init?: ResponseInit): Response | Answered<D> {
  if (answer instanceof Response || isAnswered(answer)) return answer;
  return data(answer, init);
}

/** An answer (or a thrown redirect or refusal) with one more cookie; anything else as it is. */
export function withCookie<A>(answer: A, cookie: string | null): A {
  if (!cookie) return answer;
  if (answer instanceof Response) answer.headers.append("Set-Cookie", cookie);
  else if (isAnswered(answer)) {
    const headers = new Headers(answer.init?.headers);
    headers.append("Set-Cookie", cookie);
    answer.init = { ...answer.init, headers };
  }
  return answer;
}

function isAnswered<D>(answer: D | Answered<D>): answer is Answered<D> {
  return (
    typeof answer === "object" &&
    answer !== null &&
    (answer as { type?: unknown }).type === "DataWithResponseInit"
  );
}

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
