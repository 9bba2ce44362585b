import { env } from "cloudflare:test";
import { expect } from "vitest";
import type { MailEventMessage } from "../../app/server/mail-outbox.server";
import { fetchWorker } from "./support";
import {
  approve,
  enrolAuthenticator,
  PASSWORD,
  postJson,
  registerViaApi,
  uniqueEmail,
} from "./support-accounts";
import { deliver, recordingEnv } from "./support-mail";

// A member with an authenticator app signing in (code-lockout, sign-in-second-step and
// recovery-codes.test.ts): the API's one step, the form's two, and what the account's log and mail show.

let clients = 0;
/** A client address of this range, which only these files use, new for every call. */
export function newClient(): string {
  clients += 1;
  return `192.0.2.${clients % 250}`;
}

export async function member() {
  const email = uniqueEmail("lockout");
  await registerViaApi(email);
  await approve(email);
  const secret = await enrolAuthenticator(email);
  const row = await env.DB.prepare("SELECT id FROM users WHERE email = ?")
    .bind(email)
    .first<{ id: number }>();
  return { email, secret, id: row?.id ?? 0 };
}

export function login(client: string, body: Record<string, unknown>) {
  return postJson("/api/login", body, { "CF-Connecting-IP": client });
}

export async function entries(subjectId: number, action: string) {
  const { results } = await env.DB.prepare(
    "SELECT outcome, ip FROM account_events WHERE subject_id = ? AND action = ? ORDER BY id",
  )
    .bind(subjectId, action)
    .all<{ outcome: string; ip: string | null }>();
  return results;
}

export async function mailOf(subjectId: number, type?: string): Promise<MailEventMessage[]> {
  const { results } = await env.DB.prepare(
    `SELECT id, type, subject_id AS subjectId FROM mail_events
     WHERE subject_id = ? AND type LIKE 'second-factor-%' ${type ? "AND type = ?" : ""} ORDER BY rowid`,
  )
    .bind(...(type ? [subjectId, type] : [subjectId]))
    .all<MailEventMessage>();
  return results;
}

/** The emails the consumer hands to Email Service for these events. */
export async function sentFor(events: MailEventMessage[]) {
  const recording = recordingEnv();
  await deliver(recording.env, events);
  return recording.sent;
}

/** The password step of the form, as a browser posts it: the ticket in the page and the cookie set with it. */
export async function passwordStep(email: string, client = newClient()) {
  const response = await fetchWorker("/login", {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": client },
    body: new URLSearchParams({ intent: "login", email, password: PASSWORD }),
  });
  expect(response.status).toBe(200);
  const ticket = /name="ticket" value="([a-z2-7]+)"/.exec(await response.text())?.[1] ?? "";
  const setCookie = response.headers.getSetCookie().find((cookie) => cookie.startsWith("sign-in=")) ?? "";
  return { ticket, setCookie, cookie: setCookie.split(";")[0] ?? "" };
}

export function secondStep(
  fields: { ticket: string; code: string },
  cookie: string | null,
  client = newClient(),
) {
  return fetchWorker("/login", {
    method: "POST",
    redirect: "manual",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      "CF-Connecting-IP": client,
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: new URLSearchParams({ intent: "second-factor", ...fields }),
  });
}
