import { getOnly, jsonError } from "~/server/http/json-api.server";
import { noticeText, OUTCOME_NOTICES } from "~/server/http/outcome-notices.server";
import { sessionContext } from "~/server/http/request-context.server";
import { findSignedInUser } from "~/server/identity/users.server";
import { depsOf } from "~/server/operation.server";
import { publicUser } from "~/server/sign-in/accounts.server";
import type { Route } from "./+types/auth.me";

/** The signed-in user, read from D1 (an account deactivated a moment ago is signed out here). */
export const loader = getOnly(async ({ context }: Route.LoaderArgs) => {
  const session = context.get(sessionContext);
  const user = session ? await findSignedInUser(depsOf(context).db, session) : null;
  if (!user) return jsonError(401, noticeText(OUTCOME_NOTICES.unauthenticated));
  return Response.json({ user: publicUser(user) });
});
