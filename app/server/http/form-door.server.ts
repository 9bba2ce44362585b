import type { Outcome } from "../outcome";

// The page door: reads a web form (the Worker has already checked its method, type and size) and gives
// an operation's failure its HTTP status, so a form answered without JavaScript carries the right code.

/** The form's text fields; a file field (nobody's form has one) is dropped. */
export async function readForm(request: Request): Promise<Record<string, string>> {
  const values: Record<string, string> = {};
  for (const [name, value] of await request.formData()) {
    if (typeof value === "string") values[name] = value;
  }
  return values;
}

const STATUS = {
  "already-done": 200,
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  "not-found": 404,
  conflict: 409,
  "rate-limited": 429,
} as const;

/** The status and headers of a page answering a failed operation. */
export function failureInit(outcome: Exclude<Outcome<unknown>, { kind: "done" }>): ResponseInit {
  if (outcome.kind === "rate-limited") {
    return { status: 429, headers: { "Retry-After": String(outcome.retryAfterSeconds) } };
  }
  return { status: STATUS[outcome.kind] };
}
