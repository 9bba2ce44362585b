import { Outlet, redirect } from "react-router";
import { signInFirst } from "~/lib/sign-in-paths";
import { sessionContext } from "~/server/http/request-context.server";
import type { Route } from "./+types/layout";

// The frame of every /account page. Its middleware is the signed-in check: it runs before any loader or
// action inside (they run in parallel, so a check in one loader alone would not hold the others back) and
// sends a visitor to the login, which brings them back to the page they asked for. It reads the KV session
// only; the pages read D1 for what they show, and each operation checks the account again in D1.

export const middleware: Route.MiddlewareFunction[] = [
  ({ request, context }) => {
    // A data request asks for /account.data: the login brings the person back to the page itself.
    const page = new URL(request.url).pathname.replace(/\.data$/, "");
    if (!context.get(sessionContext)) throw redirect(signInFirst(page));
  },
];

export default function AccountLayout() {
  return <Outlet />;
}
