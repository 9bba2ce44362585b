import { registrationSchema } from "~/lib/schemas";
import { getDb } from "~/server/db.server";
import { jsonError, methodNotAllowed, parseJsonBody, trippedHoneypot } from "~/server/json-api.server";
import { RETRY_AFTER_SECONDS, withinRateLimit } from "~/server/rate-limit.server";
import { cloudflareContext } from "~/server/request-context.server";
import { registerUser } from "~/server/users.server";
import type { Route } from "./+types/register";

const CREATED_MESSAGE =
  "Your account has been created. Please wait for admin approval before you can log in.";

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const { env } = context.get(cloudflareContext);
  if (!(await withinRateLimit(env, "register", request))) {
    return jsonError(429, "Too many attempts. Try again later.", {
      headers: { "Retry-After": String(RETRY_AFTER_SECONDS) },
    });
  }
  const parsed = await parseJsonBody(request, registrationSchema);
  if ("response" in parsed) return parsed.response;
  if (trippedHoneypot(parsed.raw)) return Response.json({ message: CREATED_MESSAGE }, { status: 201 });
  const result = await registerUser(getDb(env), parsed.data);
  if (!result.ok) return jsonError(409, "An account with this email already exists.");
  return Response.json({ message: CREATED_MESSAGE }, { status: 201 });
}

export function loader() {
  return methodNotAllowed("POST");
}
