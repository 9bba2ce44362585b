import { publicUser } from "~/server/auth.server";
import { jsonError } from "~/server/json-api.server";
import { sessionUserContext } from "~/server/request-context.server";
import type { Route } from "./+types/auth.me";

export function loader({ context }: Route.LoaderArgs) {
  const user = context.get(sessionUserContext);
  if (!user) return jsonError(401, "Not signed in.");
  return Response.json({ user: publicUser(user) });
}
