import { signOut } from "~/server/auth.server";
import { methodNotAllowed } from "~/server/json-api.server";
import { cloudflareContext } from "~/server/request-context.server";
import type { Route } from "./+types/auth.logout";

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const setCookie = await signOut(context.get(cloudflareContext).env, request);
  return Response.json({ ok: true }, { headers: { "Set-Cookie": setCookie } });
}

export function loader() {
  return methodNotAllowed("POST");
}
