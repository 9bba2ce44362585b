import { env } from "cloudflare:test";
import { expect } from "vitest";
import type { MailEventMessage } from "../../app/server/mail-outbox.server";
import { fetchWorker } from "./support";
import {
  approve,
  freshIp,
  PASSWORD,
  postJson,
  registerViaApi,
  sessionCookieOf,
  uniqueEmail,
  userIdOf,
} from "./support-accounts";

// What the suites on credentials, addresses and names share (credential-change-links, address-change-limit,
// unproven-address-mail, registering-a-taken-address and one-line-names .test.ts): a member signed in just
// now, a call from a fresh client address, and the mail events stored about an account.

export function call(path: string, cookie: string, body?: unknown, method = "POST") {
  return fetchWorker(path, {
    method,
    redirect: "manual",
    headers: {
      Cookie: cookie,
      "CF-Connecting-IP": freshIp(),
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** An approved member signed in just now (a recent sign-in, so no "Confirm it's you" is due). */
export async function member(label: string) {
  const email = uniqueEmail(label);
  await registerViaApi(email);
  await approve(email);
  const login = await postJson("/api/login", { email, password: PASSWORD });
  expect(login.status).toBe(200);
  return { email: email.toLowerCase(), id: await userIdOf(email), cookie: sessionCookieOf(login) };
}

export async function mailEventsOf(userId: number, type: string): Promise<MailEventMessage[]> {
  const { results } = await env.DB.prepare(
    "SELECT id, type, subject_id AS subjectId FROM mail_events WHERE subject_id = ? AND type = ? ORDER BY created_at, rowid",
  )
    .bind(userId, type)
    .all<MailEventMessage>();
  return results;
}
