import type { z } from "zod";
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
export async function parseJsonBody<S extends z.ZodType>(
  request: Request,
  schema: S,
): Promise<{ data: z.output<S> } | { response: Response }> {
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
  const result = schema.safeParse(body);
  if (!result.success) {
    return {
      response: jsonError(400, "Some fields are invalid.", { fieldErrors: fieldErrorsOf(result.error) }),
    };
  }
  return { data: result.data };
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
