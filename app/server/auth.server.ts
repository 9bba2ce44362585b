import type { LoginInput } from "~/lib/schemas";
import { clearSessionCookie, readSessionToken, sessionCookie } from "./cookies.server";
import { getDb } from "./db.server";
import type { SessionUser } from "./session-user";
import { createSession, deleteSession } from "./sessions.server";
import { authenticate } from "./users.server";

export const LOGIN_FAILED_MESSAGE = "Invalid credentials or account not approved";

/** Signs a person in: the user and the Set-Cookie header, or null for every kind of failure. */
export async function signIn(env: Env, request: Request, input: LoginInput) {
  const user = await authenticate(getDb(env), input);
  if (!user) return null;
  const token = await createSession(env, user.id);
  return { user, setCookie: sessionCookie(request, token) };
}

/** Ends the session server-side and returns the header that clears the cookie. */
export async function signOut(env: Env, request: Request): Promise<string> {
  const token = readSessionToken(request);
  if (token) await deleteSession(env, token);
  return clearSessionCookie(request);
}

/** The user as the JSON API shows it (spec section 7). */
export function publicUser(user: SessionUser) {
  const { id, email, firstName, lastName, company, phone, userTypeId } = user;
  return { id, email, firstName, lastName, company, phone, userTypeId };
}

export function landingPathFor(user: SessionUser): string {
  return user.isAdmin ? "/admin" : "/";
}
