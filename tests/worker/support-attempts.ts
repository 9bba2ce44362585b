import { env } from "cloudflare:test";
import { expect } from "vitest";
import type { MailEventMessage } from "../../app/server/mail-outbox.server";
import {
  approve,
  codeNow,
  enrolAuthenticator,
  PASSWORD,
  postJson,
  registerViaApi,
  uniqueEmail,
  userIdOf,
} from "./support-accounts";

// What the suites on wrong attempts share (wrong-codes-counted, failed-passkey-checks, wrong-passwords-held
// and confirm-wrong-passwords .test.ts): an approved account, a sign-in over the API from a given client,
// the counts in D1, the mail events and audit entries about an account, and requests sent in groups.

export async function member(options: { admin?: boolean; app?: boolean } = {}) {
  const email = uniqueEmail(options.admin ? "held-admin" : "held");
  await registerViaApi(email);
  await approve(email, options.admin);
  const secret = options.app || options.admin ? await enrolAuthenticator(email) : null;
  return { email, secret, id: await userIdOf(email) };
}

export function login(client: string, body: Record<string, unknown>) {
  return postJson("/api/login", body, { "CF-Connecting-IP": client });
}

export async function count(query: string, ...values: unknown[]): Promise<number> {
  const row = await env.DB.prepare(query)
    .bind(...values)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

export async function mailOf(subjectId: number, type: string): Promise<MailEventMessage[]> {
  const { results } = await env.DB.prepare(
    "SELECT id, type, subject_id AS subjectId FROM mail_events WHERE subject_id = ? AND type = ? ORDER BY rowid",
  )
    .bind(subjectId, type)
    .all<MailEventMessage>();
  return results;
}

export const entriesOf = (id: number, action: string) =>
  count("SELECT count(*) AS n FROM account_events WHERE subject_id = ? AND action = ?", id, action);

/** Sends requests in groups, so one isolate is not asked for hundreds of password hashes at once. */
export async function inGroups<T>(
  total: number,
  size: number,
  send: (index: number) => Promise<T>,
): Promise<T[]> {
  const answers: T[] = [];
  for (let start = 0; start < total; start += size) {
    const group = Array.from({ length: Math.min(size, total - start) }, (_, i) => send(start + i));
    answers.push(...(await Promise.all(group)));
  }
  return answers;
}

/**
 * One test file's own client addresses, 100.<range>.<n>.<m>, and what signs in from them. Each file that
 * counts wrong attempts takes a range of its own (100.64 to 100.67, used by no other file), so no two files
 * count against one address's rate limit.
 */
export function clientsIn(range: number) {
  let clients = 0;
  function newClient(): string {
    clients += 1;
    return `100.${range}.${Math.floor(clients / 250) % 250}.${clients % 250}`;
  }

  async function signedIn(email: string, secret: Uint8Array | null, offset = 0) {
    const response = await login(newClient(), {
      email,
      password: PASSWORD,
      ...(secret ? { code: codeNow(secret, offset) } : {}),
    });
    expect(response.status).toBe(200);
    return response.headers.get("Set-Cookie")?.split(";")[0] ?? "";
  }

  /** The owner's next authenticator code still signs in, from a client that never failed. */
  async function expectCodeSignsIn(email: string, secret: Uint8Array | null) {
    const answer = await login(newClient(), {
      email,
      password: PASSWORD,
      code: codeNow(secret ?? new Uint8Array(), 1),
    });
    expect(answer.status).toBe(200);
  }

  return { newClient, signedIn, expectCodeSignsIn };
}
