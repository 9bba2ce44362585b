import { env } from "cloudflare:test";
import { expect } from "vitest";
import type { MailEventMessage } from "../../app/server/mail-outbox.server";
import { fetchWorker } from "./support";
import { approve, freshIp, PASSWORD, postJson, registerViaApi, uniqueEmail } from "./support-accounts";
import { deliver, recordingEnv } from "./support-mail";

// What the data-rights suites share (email-address-change, download-my-data, account-deletion and
// privacy-requests .test.ts): a member signed in over the API, a call with a fresh client address, the
// emails the consumer hands to Email Service, and every trace of an address in D1 and KV.

export async function signIn(email: string, password = PASSWORD) {
  const response = await postJson("/api/login", { email, password });
  expect(response.status).toBe(200);
  return (response.headers.get("Set-Cookie") ?? "").split(";")[0] ?? "";
}

export async function member(label = "rights") {
  const email = uniqueEmail(label);
  await registerViaApi(email);
  await approve(email);
  return { email, cookie: await signIn(email) };
}

export function call(path: string, cookie: string, init: { method?: string; body?: unknown } = {}) {
  return fetchWorker(path, {
    method: init.method ?? "GET",
    redirect: "manual",
    headers: {
      Cookie: cookie,
      "CF-Connecting-IP": freshIp(),
      ...(init.body === undefined ? {} : { "Content-Type": "application/json" }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

/** Runs the consumer over every mail event not yet delivered in this test, and returns what was sent. */
export const delivered = new Set<string>();
export async function deliverPending() {
  const { results } = await env.DB.prepare(
    "SELECT id, type, subject_id AS subjectId FROM mail_events ORDER BY created_at",
  ).all<MailEventMessage>();
  const events = results.filter((event) => !delivered.has(event.id));
  for (const event of events) delivered.add(event.id);
  const mail = recordingEnv();
  if (events.length > 0) await deliver(mail.env, events);
  return mail.sent;
}

export function tokenFrom(links: string[], path: string): string {
  const link = links.find((href) => new URL(href).pathname === path);
  expect(link, `a link to ${path}`).toBeDefined();
  return new URL(link ?? "http://x").searchParams.get("token") ?? "";
}

/** Every row of every table of ours in D1, as text, to search for an address. */
export async function everythingInD1(): Promise<string> {
  const { results: tables } = await env.DB.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name NOT LIKE 'd1_%'",
  ).all<{ name: string }>();
  const dumps = await Promise.all(
    tables.map(async ({ name }) =>
      JSON.stringify((await env.DB.prepare(`SELECT * FROM "${name}"`).all()).results),
    ),
  );
  return dumps.join("\n").toLowerCase();
}

/** Every key and value in KV, as text. */
export async function everythingInKv(): Promise<string> {
  const parts: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await env.SESSIONS.list({ cursor });
    for (const { name } of page.keys) parts.push(name, (await env.SESSIONS.get(name)) ?? "");
    cursor = page.list_complete ? undefined : page.cursor;
  } while (cursor);
  return parts.join("\n").toLowerCase();
}
