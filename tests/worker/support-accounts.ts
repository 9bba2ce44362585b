import { env } from "cloudflare:test";
import { hashToken } from "~/server/identity/account-tokens.server";
import { encryptTotpSecret, newTotpSecret, totpCodeAt } from "~/server/second-factors/totp-secrets";
import { fetchWorker } from "./support";

let counter = 0;

let ipCounter = 0;

/**
 * A distinct client address per caller, so the per-IP rate limit of one test does not touch another: a
 * counter in 100.64.0.0/10 (support-hostile's uniqueIp counts in 10/8), which the files of one workerd
 * share (isolate: false), as they share its limits within a minute.
 */
export function freshIp(): string {
  ipCounter += 1;
  return `100.${64 + ((ipCounter >> 16) & 63)}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

export function uniqueEmail(label: string): string {
  counter += 1;
  return `${label}-${Date.now()}-${counter}@example.com`;
}

export function postJson(path: string, body: unknown, headers: Record<string, string> = {}) {
  return fetchWorker(path, {
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": freshIp(), ...headers },
    body: JSON.stringify(body),
  });
}

/** A form as a browser without JavaScript posts it, from a fresh address, signed in when given a cookie. */
export function postForm(path: string, fields: Record<string, string>, cookie?: string) {
  return fetchWorker(path, {
    method: "POST",
    redirect: "manual",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      "CF-Connecting-IP": freshIp(),
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: new URLSearchParams(fields),
  });
}

export const PASSWORD = "correct horse battery";

export async function registerViaApi(email: string, overrides: Record<string, unknown> = {}) {
  return postJson("/api/register", {
    email,
    password: PASSWORD,
    firstName: "Ada",
    lastName: "Lovelace",
    company: "Analytical Engines",
    phone: "+44 20 0000 0000",
    userTypeId: 2,
    ...overrides,
  });
}

export async function approve(email: string, asAdmin = false) {
  await env.DB.prepare(
    `UPDATE users SET is_approved = 1, approved_at = unixepoch()${asAdmin ? ", user_type_id = 1" : ""} WHERE email = ?`,
  )
    .bind(email.toLowerCase())
    .run();
}

/** Gives an account a confirmed authenticator app (as enrolment would); returns its secret. */
export async function enrolAuthenticator(email: string): Promise<Uint8Array> {
  const secret = newTotpSecret();
  const ciphertext = await encryptTotpSecret(env.TOTP_ENCRYPTION_KEY ?? "", secret);
  await env.DB.prepare(
    `INSERT INTO totp_credentials (user_id, secret_ciphertext, confirmed_at)
     SELECT id, ?, unixepoch() FROM users WHERE email = ?`,
  )
    .bind(ciphertext, email.toLowerCase())
    .run();
  return secret;
}

/** The code an authenticator app shows now for a secret (`offset` steps of 30 seconds away). */
export function codeNow(secret: Uint8Array, offset = 0): string {
  return totpCodeAt(secret, Math.floor(Date.now() / 30_000) + offset);
}

/**
 * Registers, approves and signs in; returns the Cookie header value of the session. An administrator gets
 * an authenticator app first (every admin door asks for a second factor) and signs in with its code.
 */
export async function signedInCookie(options: { admin?: boolean } = {}) {
  const email = uniqueEmail(options.admin ? "admin" : "member");
  await registerViaApi(email);
  await approve(email, options.admin);
  const secret = options.admin ? await enrolAuthenticator(email) : null;
  const response = await postJson("/api/login", {
    email,
    password: PASSWORD,
    ...(secret ? { code: codeNow(secret) } : {}),
  });
  const setCookie = response.headers.get("Set-Cookie") ?? "";
  return { email, cookie: setCookie.split(";")[0] ?? "", secret };
}

/** The account's id for an address as it was registered, in any case; throws when there is no account. */
export async function userIdOf(email: string): Promise<number> {
  const row = await env.DB.prepare("SELECT id FROM users WHERE email = ?")
    .bind(email.toLowerCase())
    .first<{ id: number }>();
  if (!row) throw new Error(`no account for ${email}`);
  return row.id;
}

/** The `name=…` pair a response sets, ready for a Cookie header; "" when it sets none. */
const cookieOf = (name: "session" | "flash", response: Response) =>
  response.headers
    .getSetCookie()
    .find((cookie) => cookie.startsWith(`${name}=`))
    ?.split(";")[0] ?? "";

/** The `session=…` pair a response sets; "" when it sets none. */
export const sessionCookieOf = (response: Response) => cookieOf("session", response);

/** The `flash=…` pair (the next page's toast) a response sets; "" when it sets none. */
export const flashCookieOf = (response: Response) => cookieOf("flash", response);

/** A random token in the form the app's links carry (52 base32 characters). */
export function linkToken(): string {
  return Array.from(
    crypto.getRandomValues(new Uint8Array(52)),
    (byte) => "abcdefghijklmnopqrstuvwxyz234567"[byte % 32],
  ).join("");
}

/** A live reset link of the account, as its email would carry it: the token the link holds. */
export async function resetToken(userId: number, token = linkToken()): Promise<string> {
  await env.DB.prepare(
    "INSERT INTO account_tokens (token_hash, user_id, purpose, expires_at) VALUES (?, ?, 'reset-password', unixepoch() + 600)",
  )
    .bind(hashToken(token), userId)
    .run();
  return token;
}
