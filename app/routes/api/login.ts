import { loginSchema } from "~/lib/schemas";
import { LOGIN_FAILED_MESSAGE, publicUser, signIn } from "~/server/auth.server";
import { jsonError, methodNotAllowed, parseJsonBody } from "~/server/json-api.server";
import { RETRY_AFTER_SECONDS, withinRateLimit } from "~/server/rate-limit.server";
import { cloudflareContext } from "~/server/request-context.server";
import type { Route } from "./+types/login";

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const { env } = context.get(cloudflareContext);
  if (!(await withinRateLimit(env, "login", request))) {
    return jsonError(429, "Too many attempts. Try again later.", {
      headers: { "Retry-After": String(RETRY_AFTER_SECONDS) },
    });
  }
  const parsed = await parseJsonBody(request, loginSchema);
  if ("response" in parsed) return parsed.response;
  const result = await signIn(env, request, parsed.data);
  if (!result) return jsonError(401, LOGIN_FAILED_MESSAGE);
  return Response.json({ user: publicUser(result.user) }, { headers: { "Set-Cookie": result.setCookie } });
}

export function loader() {
  return methodNotAllowed("POST");
}
