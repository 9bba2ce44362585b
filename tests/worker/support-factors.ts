import { env } from "cloudflare:test";
import { decodeBase64urlIgnorePadding } from "@oslojs/encoding";
import { expect } from "vitest";
import type { MailEventMessage } from "../../app/server/mail-outbox.server";
import { userHandleOf } from "../../app/server/second-factors/webauthn.server";
import { fetchWorker, ORIGIN } from "./support";
import {
  approve,
  codeNow,
  enrolAuthenticator,
  freshIp,
  PASSWORD,
  postJson,
  registerViaApi,
  uniqueEmail,
  userIdOf,
} from "./support-accounts";
import type { SoftwareAuthenticator, Tweaks } from "./support-passkeys";

// What the suites on passkeys and the factors around them share (removing-passkeys,
// passkey-credential-checks, factor-change-emails, password-reset-passkeys and pending-authenticator-app
// .test.ts): an approved account signed in, its passkeys added, used and removed through the built Worker
// with the software authenticator, and what D1 then holds of its factors, their entries and their emails.

const RP_ID = "localhost";
// Each account costs a password hash or two (scrypt): the tests take seconds on a busy machine.

export function call(
  path: string,
  { method = "POST", body, cookie }: { method?: string; body?: unknown; cookie?: string },
) {
  return fetchWorker(path, {
    method,
    headers: {
      "CF-Connecting-IP": freshIp(),
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function challengeFor(purpose: "register" | "sign-in", cookie?: string) {
  const options = await call("/api/auth/passkeys/options", { body: { purpose }, cookie });
  expect(options.status).toBe(200);
  const { challenge } = await options.json<{ challenge: string }>();
  return { challenge: decodeBase64urlIgnorePadding(challenge), origin: ORIGIN, rpId: RP_ID };
}

export async function addPasskey(
  cookie: string,
  key: SoftwareAuthenticator,
  name = "Work laptop",
  tweaks?: Tweaks,
) {
  const response = await key.register(await challengeFor("register", cookie), tweaks);
  return call("/api/auth/passkeys", { body: { name, response }, cookie });
}

export async function passkeySignIn(key: SoftwareAuthenticator, userId: number, tweaks?: Tweaks) {
  const response = await key.assert(await challengeFor("sign-in"), userHandleOf(userId), tweaks);
  return call("/api/auth/passkey-sign-in", { body: { response } });
}

export const removePasskey = (cookie: string, id: string) =>
  call(`/api/auth/passkeys/${encodeURIComponent(id)}`, { method: "DELETE", cookie });
export const removeApp = (cookie: string) => call("/api/auth/totp", { method: "DELETE", cookie });

export async function one<T>(query: string, ...values: unknown[]): Promise<T> {
  return (await env.DB.prepare(query)
    .bind(...values)
    .first<T>()) as T;
}

export async function passkeysOf(id: number): Promise<string[]> {
  const { results } = await env.DB.prepare("SELECT id FROM passkeys WHERE user_id = ? ORDER BY created_at")
    .bind(id)
    .all<{ id: string }>();
  return results.map((row) => row.id);
}

export async function codesOf(id: number): Promise<number> {
  return (await one<{ n: number }>("SELECT count(*) AS n FROM recovery_codes WHERE user_id = ?", id)).n;
}

export async function appsOf(id: number): Promise<number> {
  return (
    await one<{ n: number }>(
      "SELECT count(*) AS n FROM totp_credentials WHERE user_id = ? AND confirmed_at IS NOT NULL",
      id,
    )
  ).n;
}

const FACTOR_MAIL = [
  "totp-enabled",
  "totp-removed",
  "passkey-added",
  "passkey-removed",
  "passkeys-removed-at-reset",
  "recovery-codes-generated",
  "second-factors-reset",
]
  .map((type) => `'${type}'`)
  .join(", ");

/** The emails stored about a person's second factors, oldest first. */
export async function mailOf(id: number): Promise<MailEventMessage[]> {
  const { results } = await env.DB.prepare(
    `SELECT id, type, subject_id AS subjectId FROM mail_events WHERE subject_id = ? AND type IN (${FACTOR_MAIL}) ORDER BY created_at, rowid`,
  )
    .bind(id)
    .all<MailEventMessage>();
  return results;
}

export async function entries(id: number, action: string) {
  const { results } = await env.DB.prepare(
    "SELECT outcome, actor_id AS actorId FROM account_events WHERE subject_id = ? AND action = ? ORDER BY id",
  )
    .bind(id, action)
    .all<{ outcome: string; actorId: number }>();
  return results;
}

/** An approved account signed in with its password alone (no factor yet): a recent sign-in. */
export async function signedIn(options: { admin?: boolean; app?: boolean } = {}) {
  const email = uniqueEmail(options.admin ? "admin" : "member");
  await registerViaApi(email);
  await approve(email, options.admin);
  const secret = options.app ? await enrolAuthenticator(email) : null;
  const login = await postJson("/api/login", {
    email,
    password: PASSWORD,
    ...(secret ? { code: codeNow(secret) } : {}),
  });
  expect(login.status).toBe(200);
  const cookie = (login.headers.get("Set-Cookie") ?? "").split(";")[0] ?? "";
  return { email, cookie, id: await userIdOf(email), secret };
}
