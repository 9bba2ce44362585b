import { redirect } from "react-router";
import { signOut } from "~/server/auth.server";
import { cloudflareContext } from "~/server/request-context.server";
import type { Route } from "./+types/logout";

export async function action({ request, context }: Route.ActionArgs) {
  const setCookie = await signOut(context.get(cloudflareContext).env, request);
  return redirect("/", { headers: { "Set-Cookie": setCookie } });
}

export function loader() {
  return redirect("/");
}
