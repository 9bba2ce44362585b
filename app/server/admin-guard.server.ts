import { type RouterContextProvider, redirect } from "react-router";
import { jsonError } from "./json-api.server";
import { sessionUserContext } from "./request-context.server";
import type { SessionUser } from "./session-user";

// The Worker resolves the session user from D1 on every request (approved, active, type read fresh),
// so these checks never trust the KV record alone. Every admin loader, action and API handler calls one.

/** For admin pages: the admin, or a redirect to /login. */
export function requireAdminPage(context: Readonly<RouterContextProvider>): SessionUser {
  const user = context.get(sessionUserContext);
  if (!user?.isAdmin) throw redirect("/login");
  return user;
}

/** For the admin API: the admin, or a 401 (signed out) / 403 (not an admin) JSON answer. */
export function requireAdminApi(context: Readonly<RouterContextProvider>): SessionUser | Response {
  const user = context.get(sessionUserContext);
  if (!user) return jsonError(401, "Not signed in.");
  if (!user.isAdmin) return jsonError(403, "Administrators only.");
  return user;
}

/** A positive whole-number id from a URL segment, or null. */
export function parseId(raw: string | undefined): number | null {
  if (!raw || !/^[1-9]\d{0,15}$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) ? id : null;
}
