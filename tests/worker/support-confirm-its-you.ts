import { env } from "cloudflare:test";
import { expect } from "vitest";
import { fetchWorker } from "./support";
import { codeNow, PASSWORD, postForm, sessionCookieOf, userIdOf } from "./support-accounts";

// What the "Confirm it's you" suites share (confirm-its-you-*.test.ts, factor-reset-enrolment.test.ts): a
// session made too old to act, an administrator's interrupted deactivation and its confirmation, the
// checks on what ran, and a sign-in with the password alone.

/** Makes every session of the account older than "Confirm it's you" allows. */
export async function stale(email: string) {
  await env.DB.prepare("UPDATE sessions SET authenticated_at = unixepoch() - 601 WHERE user_id = ?")
    .bind(await userIdOf(email))
    .run();
}

export async function countEvents(subjectId: number, action: string): Promise<number> {
  const row = await env.DB.prepare(
    "SELECT count(*) AS n FROM account_events WHERE subject_id = ? AND action = ? AND outcome = 'success'",
  )
    .bind(subjectId, action)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

export async function hasAuthenticator(email: string): Promise<boolean> {
  const row = await env.DB.prepare(
    "SELECT count(*) AS n FROM totp_credentials WHERE user_id = ? AND confirmed_at IS NOT NULL",
  )
    .bind(await userIdOf(email))
    .first<{ n: number }>();
  return (row?.n ?? 0) > 0;
}

export async function isActive(email: string): Promise<boolean> {
  const row = await env.DB.prepare("SELECT is_active FROM users WHERE email = ?")
    .bind(email.toLowerCase())
    .first<{ is_active: number }>();
  return row?.is_active === 1;
}

/** An administrator's interrupted deactivation of `memberEmail`: the confirmation page's address. */
export async function interruptedDeactivation(adminCookie: string, memberEmail: string): Promise<string> {
  const refused = await postForm(
    "/admin?tab=users",
    { intent: "deactivate", id: String(await userIdOf(memberEmail)) },
    adminCookie,
  );
  expect(refused.status).toBe(302);
  const location = refused.headers.get("Location") ?? "";
  expect(location).toMatch(/^\/confirm-its-you\?ref=[a-z2-7]{52}$/);
  return location;
}

export const refOf = (location: string) =>
  new URL(location, "http://localhost").searchParams.get("ref") ?? "";

export function confirmOn(location: string, cookie: string, secret: Uint8Array | null, step: number) {
  return postForm(
    location,
    {
      intent: "confirm-its-you",
      ref: refOf(location),
      password: PASSWORD,
      ...(secret ? { code: codeNow(secret, step) } : {}),
    },
    cookie,
  );
}

export const me = (cookie: string) => fetchWorker("/api/auth/me", { headers: { Cookie: cookie } });

export async function signInWithPasswordOnly(email: string): Promise<string> {
  const form = await postForm("/login", { intent: "login", email, password: PASSWORD });
  expect(form.status).toBe(302);
  return sessionCookieOf(form);
}
