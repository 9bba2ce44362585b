import { env } from "cloudflare:test";
import { decodeBase64urlIgnorePadding } from "@oslojs/encoding";
import { expect } from "vitest";
import type { MailEventMessage } from "../../app/server/mail-outbox.server";
import { userHandleOf } from "../../app/server/second-factors/webauthn.server";
import { fetchWorker, ORIGIN } from "./support";
import {
  approve,
  enrolAuthenticator,
  freshIp,
  PASSWORD,
  postJson,
  registerViaApi,
  sessionCookieOf,
  uniqueEmail,
  userIdOf,
} from "./support-accounts";
import { deliver, linksOf, recordingEnv } from "./support-mail";
import type { SoftwareAuthenticator } from "./support-passkeys";

// A factor planted from a stolen recent session, and the link in its email that removes it
// (passkey-removal and authenticator-app-removal.test.ts).

export function call(path: string, { body, cookie }: { body?: unknown; cookie?: string }) {
  return fetchWorker(path, {
    method: "POST",
    headers: {
      "CF-Connecting-IP": freshIp(),
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

export async function challengeFor(purpose: "register" | "sign-in", cookie?: string) {
  const options = await call("/api/auth/passkeys/options", { body: { purpose }, cookie });
  expect(options.status).toBe(200);
  const { challenge } = await options.json<{ challenge: string }>();
  return { challenge: decodeBase64urlIgnorePadding(challenge), origin: ORIGIN, rpId: "localhost" };
}

export async function plantPasskey(cookie: string, key: SoftwareAuthenticator, name = "Totally my laptop") {
  const response = await key.register(await challengeFor("register", cookie));
  return call("/api/auth/passkeys", { body: { name, response }, cookie });
}

export async function passkeySignIn(key: SoftwareAuthenticator, userId: number) {
  const response = await key.assert(await challengeFor("sign-in"), userHandleOf(userId));
  return call("/api/auth/passkey-sign-in", { body: { response } });
}

export async function count(query: string, ...values: unknown[]): Promise<number> {
  const row = await env.DB.prepare(query)
    .bind(...values)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

export const passkeysOf = (id: number) => count("SELECT count(*) AS n FROM passkeys WHERE user_id = ?", id);
export const codesOf = (id: number) =>
  count("SELECT count(*) AS n FROM recovery_codes WHERE user_id = ?", id);
export const sessionsOf = (id: number) => count("SELECT count(*) AS n FROM sessions WHERE user_id = ?", id);

/** The outcomes of an account's entries of one action, oldest first. */
export async function outcomesOf(userId: number, action: string): Promise<string[]> {
  const { results } = await env.DB.prepare(
    "SELECT outcome FROM account_events WHERE subject_id = ? AND action = ? ORDER BY id",
  )
    .bind(userId, action)
    .all<{ outcome: string }>();
  return results.map((row) => row.outcome);
}

/**
 * The owner was told the factor went, and, with no factor left, setting one up again needs the emailed link,
 * which is on its way.
 */
export async function expectToldAndLocked(userId: number, removed: "passkey-removed" | "totp-removed") {
  const { results } = await env.DB.prepare(
    "SELECT type FROM mail_events WHERE subject_id = ? ORDER BY created_at, rowid",
  )
    .bind(userId)
    .all<{ type: string }>();
  expect(results.map((row) => row.type).slice(-2)).toEqual([removed, "second-factor-enrolment-link"]);
  const locked = await env.DB.prepare("SELECT second_factors_reset_at FROM users WHERE id = ?")
    .bind(userId)
    .first<{ second_factors_reset_at: number | null }>();
  expect(locked?.second_factors_reset_at).not.toBeNull();
}

/** An approved member, no second factor, signed in just now: the session an attacker steals. */
export async function owner(options: { app?: boolean } = {}) {
  const email = uniqueEmail("owner");
  await registerViaApi(email);
  await approve(email);
  const login = await postJson("/api/login", { email, password: PASSWORD });
  const cookie = sessionCookieOf(login);
  // An app set up in this session (as enrolment would), so the session stays recent.
  if (options.app) await enrolAuthenticator(email);
  return { email: email.toLowerCase(), id: await userIdOf(email), cookie };
}

/**
 * Delivers the account's latest "passkey added" (or "authenticator app turned on") email; returns it and
 * the token of its removal link.
 */
export async function factorAddedEmail(
  userId: number,
  type: "passkey-added" | "totp-enabled" = "passkey-added",
) {
  const { results } = await env.DB.prepare(
    "SELECT id, type, subject_id AS subjectId FROM mail_events WHERE subject_id = ? AND type = ? ORDER BY created_at DESC, rowid DESC LIMIT 1",
  )
    .bind(userId, type)
    .all<MailEventMessage>();
  const { env: testEnv, sent } = recordingEnv();
  await deliver(testEnv, results);
  const [email] = sent;
  const link = linksOf(email as never).find((href) => new URL(href).pathname === "/remove-factor");
  return { email, token: link ? (new URL(link).searchParams.get("token") ?? "") : "" };
}
export const passkeyAddedEmail = (userId: number) => factorAddedEmail(userId);
