import { data, type RouterContextProvider } from "react-router";
import type { FieldErrors } from "~/lib/field-errors";
import type { ToastMessage } from "~/lib/toast-message";
import { type Caller, callerOf, type Deps, depsOf } from "../operation.server";
import type { Failure, Outcome } from "../outcome";
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
export type Answered<D> = ReturnType<typeof data<D>>;

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

/** A page's intents under names declared elsewhere (app/lib/page-intents.ts): each name, and no other. */
// biome-ignore lint/suspicious/noExplicitAny: as in PageIntents.
export type IntentsNamed<N extends string, D> = { [K in N]: PageIntent<D, any> };

/** Declares one intent with its value type inferred from `run`, so `done` is typed. */
export function intent<D, V>(declared: PageIntent<D, V>): PageIntent<D, V> {
  return declared;
}

export interface Failed {
  outcome: Failure;
  /** The outcome's field errors, when the input was refused. */
  fieldErrors?: FieldErrors;
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
  failed: (failure: Failed) => D | Promise<D>;
  /** Where a signed-out caller goes after signing in. */
  page: string;
  /** Where a confirmation comes back to, when not the address the form was posted to. */
  back?: string;
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
    const answer = await door.failed({ outcome, notice: UNKNOWN_ACTION, intent: null, call });
    return wrap(answer, { status: 400 });
  }
  return answerOutcome(door, chosen, declared, await declared.run(call), call);
}

/** An intent's outcome as the page answers it (also the answer of an action resumed once confirmed). */
export async function answerOutcome<D, V>(
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
  const fieldErrors = outcome.kind === "invalid" ? outcome.fieldErrors : undefined;
  return wrap(await door.failed({ outcome, fieldErrors, notice, intent: chosen, values, call }), init);
}

/** The action of a page whose forms post intents to `door`. */
export function pageAction<D>(door: PageDoor<D>) {
  return async ({ request, context, url }: ActionArgs) => {
    const { intent: name, ...form } = await readForm(request);
    return answerIntent(door, name, pageCallOf({ request, context, url }, form, door.back));
  };
}

/** A page with one form: its one intent, and how its data wraps a failure. */
export interface OneForm<D, V> extends PageIntent<D, V> {
  failed: PageDoor<D>["failed"];
  page: string;
}

/**
 * The action of a page with one form: the door with that form as its only intent, whatever `intent` the
 * form posts (none, on these pages).
 */
export function formAction<D, V>({ failed, page, ...form }: OneForm<D, V>) {
  return pageAction<D>({ intents: { form }, fallback: "form", failed, page });
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
