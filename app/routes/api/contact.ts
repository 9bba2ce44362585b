import { contactSchema } from "~/lib/schemas";
import { saveContactSubmission } from "~/server/contact-submissions.server";
import { getDb } from "~/server/db.server";
import { jsonError, methodNotAllowed, parseJsonBody, trippedHoneypot } from "~/server/json-api.server";
import { RETRY_AFTER_SECONDS, withinRateLimit } from "~/server/rate-limit.server";
import { cloudflareContext } from "~/server/request-context.server";
import type { Route } from "./+types/contact";

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const { env } = context.get(cloudflareContext);
  if (!(await withinRateLimit(env, "contact", request))) {
    return jsonError(429, "Too many messages. Try again later.", {
      headers: { "Retry-After": String(RETRY_AFTER_SECONDS) },
    });
  }
  const parsed = await parseJsonBody(request, contactSchema);
  if ("response" in parsed) return parsed.response;
  if (trippedHoneypot(parsed.raw)) return Response.json({ ok: true }, { status: 201 });
  const id = await saveContactSubmission(getDb(env), parsed.data);
  return Response.json({ ok: true, id }, { status: 201 });
}

export function loader() {
  return methodNotAllowed("POST");
}
