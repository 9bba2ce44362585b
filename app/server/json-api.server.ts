import type { z } from "zod/mini";
import { type FieldErrors, fieldErrorsOf } from "~/lib/schemas";

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

/** Parses a JSON request body against a schema; any problem becomes a 4xx JSON answer, never a throw. */
export async function parseJsonBody<S extends z.core.$ZodType>(
  request: Request,
  schema: S,
): Promise<{ data: z.output<S>; raw: Record<string, unknown> } | { response: Response }> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!/^application\/json\b/i.test(type)) {
    return { response: jsonError(415, "Send the body as application/json.") };
  }
  let body: unknown;
  try {
    body = JSON.parse(await request.text());
  } catch {
    return { response: jsonError(400, "The body is not valid JSON.") };
  }
  const result = schema["~standard"].validate(body);
  if (result instanceof Promise) throw new Error("Schemas must be synchronous.");
  if (result.issues) {
    return { response: jsonError(400, "Some fields are invalid.", { fieldErrors: fieldErrorsOf(result) }) };
  }
  const raw = typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {};
  return { data: result.value as z.output<S>, raw };
}

/** The honeypot: a field people never see and bots fill in. */
export const HONEYPOT_FIELD = "website";

export function trippedHoneypot(values: Record<string, unknown>): boolean {
  const value = values[HONEYPOT_FIELD];
  return typeof value === "string" && value.length > 0;
}

export function methodNotAllowed(allow: string) {
  return jsonError(405, `Use ${allow}.`, { headers: { Allow: allow } });
}
