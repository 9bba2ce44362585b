import { redirect } from "react-router";
import { clearSessionCookie, readSessionToken } from "~/server/http/cookies.server";
import { callerOf, depsOf } from "~/server/operation.server";
import { logOut } from "~/server/sign-in/accounts.server";
import type { Route } from "./+types/logout";

export async function action({ request, context }: Route.ActionArgs) {
  await logOut(depsOf(context), readSessionToken(request), callerOf(context, request));
  return redirect("/", { headers: { "Set-Cookie": clearSessionCookie(request) } });
}

export function loader() {
  return redirect("/");
}

/** Never seen on success (both handlers redirect); it lets a refused request get the error page in the shell. */
export default function Logout() {
  return null;
}
