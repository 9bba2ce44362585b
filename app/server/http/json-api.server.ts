import type { RouterContextProvider } from "react-router";
import type { FieldErrors } from "~/lib/field-errors";
import { requireAdmin } from "../identity/caller-checks.server";
import { type Caller, callerOf, type Deps, depsOf } from "../operation.server";
import type { Outcome } from "../outcome";
import { clearSessionCookie } from "./cookies.server";
import { failureInit } from "./form-door.server";
import { noticeText, OUTCOME_NOTICES } from "./outcome-notices.server";

// The JSON door: reads a JSON body, and turns an operation's outcome into a status and the spec's
// error shape ({ error, fieldErrors? }, section 7).

export function jsonError(
  status: number,
  error: string,
  extra?: { fieldErrors?: FieldErrors; headers?: HeadersInit },
) {
  return Response.json(extra?.fieldErrors ? { error, fieldErrors: extra.fieldErrors } : { error }, {
    status,
    headers: extra?.headers,
  });
}

/** The parsed JSON body, or the 415 / 400 answer for a body the API does not read. */
export async function readJsonBody(request: Request): Promise<{ body: unknown } | { response: Response }> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!/^application\/json\s*(;|$)/i.test(type)) {
    return { response: jsonError(415, "Send the body as application/json.") };
  }
  try {
    return { body: JSON.parse(await request.text()) };
  } catch {
    return { response: jsonError(400, "The body is not valid JSON.") };
  }
}

export interface ApiMessages {
  /** The answer to a signed-out caller (or a failed login). */
  unauthenticated?: string;
  notFound?: string;
  rateLimited?: string;
}

/**
 * Every outcome but "done" as the API answers it, in the words the pages use (outcome-notices.server.ts);
 * "already done" is a 200 that changed nothing.
 */
export function apiFailure(outcome: Exclude<Outcome<unknown>, { kind: "done" }>, messages: ApiMessages = {}) {
  const init = failureInit(outcome);
  const answer = (body: Record<string, unknown>) => Response.json(body, init);
  switch (outcome.kind) {
    case "already-done":
      return answer({ ok: true, changed: false });
    case "invalid": {
      const error = outcome.message ?? noticeText(OUTCOME_NOTICES.invalid);
      return answer({ error, fieldErrors: outcome.fieldErrors });
    }
    case "rate-limited":
      return answer({ error: messages.rateLimited ?? noticeText(OUTCOME_NOTICES["rate-limited"]) });
    case "unauthenticated":
      return answer({
        error: outcome.message ?? messages.unauthenticated ?? noticeText(OUTCOME_NOTICES.unauthenticated),
      });
    case "forbidden":
      if (outcome.reauthenticate) return answer({ error: outcome.message, reauthenticate: "required" });
      return answer({ error: outcome.message ?? noticeText(OUTCOME_NOTICES.forbidden) });
    case "not-found":
      return answer({ error: messages.notFound ?? noticeText(OUTCOME_NOTICES["not-found"]) });
    case "conflict":
      // A save on a revision that is not the newest says whose save came since, and when.
      return answer(
        outcome.since ? { error: outcome.message, ...outcome.since } : { error: outcome.message },
      );
  }
}

/**
 * `apiFailure`, and when the operation ended the request's session (too many wrong passwords), the cookie
 * cleared with it.
 */
export function apiFailureFor(
  request: Request,
  outcome: Exclude<Outcome<unknown>, { kind: "done" }>,
  messages: ApiMessages = {},
): Response {
  const response = apiFailure(outcome, messages);
  if (outcome.kind === "unauthenticated" && outcome.signedOut) {
    response.headers.append("Set-Cookie", clearSessionCookie(request));
  }
  return response;
}

export function methodNotAllowed(allow: string) {
  return jsonError(405, `Use ${allow}.`, { headers: { Allow: allow } });
}

type Args = {
  request: Request;
  context: Readonly<RouterContextProvider>;
  params: Record<string, string | undefined>;
};

/**
 * A POST endpoint of the JSON API around one operation: reads the JSON body (when `readsBody`), runs the
 * operation and answers its outcome. Rate limits, validation and storage live in the operation.
 */
export function jsonAction<T>(options: {
  readsBody: boolean;
  run: (call: {
    deps: Deps;
    caller: Caller;
    input: unknown;
    params: Args["params"];
    request: Request;
  }) => Promise<Outcome<T>>;
  answer: (value: T, request: Request) => Response;
  messages?: ApiMessages;
}) {
  return async ({ request, context, params }: Args): Promise<Response> => {
    if (request.method !== "POST") return methodNotAllowed("POST");
    let input: unknown = null;
    if (options.readsBody) {
      const read = await readJsonBody(request);
      if ("response" in read) return read.response;
      input = read.body;
    }
    const deps = depsOf(context);
    const outcome = await options.run({ deps, caller: callerOf(context, request), input, params, request });
    return outcome.kind === "done"
      ? options.answer(outcome.value, request)
      : apiFailureFor(request, outcome, options.messages);
  };
}

/** The loader of a POST-only endpoint: any GET or HEAD is told to POST. */
export function postOnly() {
  return methodNotAllowed("POST");
}

/**
 * A GET list of the admin API: the admin check against D1, then one page of items and its total; a list
 * paged by keyset also links its next page (`Link: <…?after=…>; rel="next"`, as GitHub's API does).
 */
export async function adminListResponse(
  { request, context }: Pick<Args, "request" | "context">,
  list: (
    db: Deps["db"],
    url: URL,
    adminId: number,
  ) => Promise<{ items: unknown[]; total: number | null; next?: string | null }>,
): Promise<Response> {
  const deps = depsOf(context);
  const admin = await requireAdmin(deps.db, callerOf(context, request));
  if (admin.kind !== "done") return apiFailure(admin);
  const url = new URL(request.url);
  const result = await list(deps.db, url, admin.value.id);
  // A list that left its count out (docs/decisions/160) sends no X-Total-Count rather than a wrong one.
  const headers = new Headers({ "Cache-Control": "no-store" });
  if (result.total !== null) headers.set("X-Total-Count", String(result.total));
  if (result.next) {
    const next = new URL(url);
    next.searchParams.set("after", result.next);
    headers.set("Link", `<${next.pathname}${next.search}>; rel="next"`);
  }
  return Response.json(result.items, { headers });
}

/**
 * The loader of a GET endpoint. React Router hands OPTIONS to loaders as if it were a GET; the API answers
 * it 405 with the methods it takes (`allow`, when its action takes others too) instead of running the
 * loader (and its sign-in check).
 */
export function getOnly<A extends { request: Request }>(
  loader: (args: A) => Response | Promise<Response>,
  allow = "GET, HEAD",
) {
  return (args: A) => (args.request.method === "OPTIONS" ? methodNotAllowed(allow) : loader(args));
}
