import { redirect } from "react-router";
import { signInFirst } from "~/lib/sign-in-paths";
import type { Outcome } from "../outcome";
import { clearSessionCookie, flashCookie } from "./cookies.server";

// The page door: reads a web form (the Worker has already checked its method, type and size) and gives
// an operation's failure its HTTP status, so a form answered without JavaScript carries the right code.

/** The form's text fields; a file field (nobody's form has one) is dropped. */
export async function readForm(request: Request): Promise<Record<string, string>> {
  const values: Record<string, string> = {};
  for (const [name, value] of await request.formData()) {
    if (typeof value !== "string") continue;
    // The ticked rows of a bulk action: every value, comma-separated.
    values[name] = name === "ids" && values.ids !== undefined ? `${values.ids},${value}` : value;
  }
  return values;
}

/**
 * The status of each failed outcome, for pages and the JSON API alike: "already done" is a 200 that
 * changed nothing.
 */
export const FAILURE_STATUS = {
  "already-done": 200,
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  "not-found": 404,
  conflict: 409,
  "rate-limited": 429,
} as const satisfies Record<Exclude<Outcome<unknown>, { kind: "done" }>["kind"], number>;

/** The status and headers of a failed operation's answer, page or JSON. */
export function failureInit(outcome: Exclude<Outcome<unknown>, { kind: "done" }>): ResponseInit {
  const status = FAILURE_STATUS[outcome.kind];
  if (outcome.kind === "rate-limited") {
    return { status, headers: { "Retry-After": String(outcome.retryAfterSeconds) } };
  }
  return { status };
}

/**
 * When the operation ended the request's session (too many wrong passwords at "Confirm it's you" or an
 * account form), the page goes to the sign-in, back to `page` after it, and says why there.
 */
export function throwIfSignedOut(request: Request, outcome: Outcome<unknown>, page: string): void {
  if (outcome.kind !== "unauthenticated" || !outcome.signedOut) return;
  const headers = new Headers();
  headers.append("Set-Cookie", clearSessionCookie(request));
  headers.append(
    "Set-Cookie",
    flashCookie(request, { title: "Signed out", description: outcome.message ?? "", variant: "destructive" }),
  );
  throw redirect(signInFirst(page), { headers });
}

/**
 * A form of an island page sends its post with `Accept: application/json` (app/lib/island-form.ts): the
 * page door then answers with what the page's action returned, as JSON and with the same status and
 * cookies, instead of rendering the page around it. The same action, the same outcome; only the wrapping
 * differs, as React Router's own client gets it in its own encoding.
 */
export function wantsIslandAnswer(request: Request): boolean {
  return (
    request.method === "POST" && /^application\/json\s*(;|,|$)/i.test(request.headers.get("Accept") ?? "")
  );
}

/** The action's data as the island's answer (entry.server.tsx, in place of the rendered page). */
export function islandAnswer(actionData: unknown, status: number, headers: Headers): Response {
  const answer = new Headers(headers);
  answer.set("Content-Type", "application/json");
  return new Response(JSON.stringify(actionData ?? null), { status, headers: answer });
}

/**
 * A redirect answering an island's post becomes `{ redirect }` with the redirect's cookies: a fetch that
 * followed it would load the next page in the background (and take its one-time toast); the island
 * loads it as a document instead.
 */
export function islandRedirect(request: Request, response: Response): Response {
  const location = response.headers.get("Location");
  if (!wantsIslandAnswer(request) || !location || response.status < 300 || response.status > 399) {
    return response;
  }
  const headers = new Headers(response.headers);
  headers.delete("Location");
  headers.set("Content-Type", "application/json");
  return new Response(JSON.stringify({ redirect: location }), { status: 200, headers });
}
