import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { NAMES_NOTE } from "../../app/lib/search-query";
import type { MailEventMessage } from "../../app/server/mail-outbox.server";
import { fetchPage, textOf } from "./support";
import { postJson, registerViaApi, signedInCookie, uniqueEmail } from "./support-accounts";
import { deliver, insertContact, linksOf, recordingEnv } from "./support-mail";

// The Search tab through the built Worker (docs/decisions/155): the box in the dashboard's header, one
// search over messages and people, queries in any script and with FTS5's operators answered 200, and an
// erased person left unsearchable.

let cookie: string;
let serial = 0;
/** A word of letters no other row holds, and no other marker holds within it. */
function marker(): string {
  serial += 1;
  return `zw${Date.now().toString(36)}x${serial.toString(16)}w`;
}

async function search(query: string, extra = "") {
  return fetchPage(`/admin?tab=search&q=${encodeURIComponent(query)}${extra}`, {
    headers: { Cookie: cookie },
  });
}

async function indexed(index: "messages_search" | "people_search", word: string): Promise<number> {
  const row = await env.DB.prepare(`SELECT count(*) AS n FROM ${index} WHERE ${index} MATCH ?`)
    .bind(`"${word}"`)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

beforeAll(async () => {
  cookie = (await signedInCookie({ admin: true })).cookie;
});

describe("the search box", () => {
  it("is in the dashboard's header on every tab: a GET form to the Search tab, role search", async () => {
    for (const tab of ["pending", "users", "contacts", "activity"]) {
      const { response, html } = await fetchPage(`/admin?tab=${tab}`, { headers: { Cookie: cookie } });
      expect(response.status).toBe(200);
      const form = html.match(
        /<form[^>]*role="search"[^>]*aria-label="Search the dashboard"[^>]*>[\s\S]*?<\/form>/,
      )?.[0];
      expect(form, tab).toBeDefined();
      expect(form).toContain('action="/admin"');
      expect(form).toMatch(/method="get"/i);
      expect(form).toContain('name="tab" value="search"');
      expect(form).toContain('name="q"');
    }
  });

  it("finds a message and a person by a name in any script, in two sections", async () => {
    const word = marker();
    const name = `محمد${word}`;
    await insertContact({ first_name: name, message: "我们希望购买代币。" });
    await registerViaApi(uniqueEmail("searched"), { lastName: name });
    const { response, html } = await search(name);
    expect(response.status).toBe(200);
    const text = textOf(html);
    expect(text).toMatch(/Messages \(1\)/);
    expect(text).toMatch(/People \(1\)/);
    expect(text).toContain("我们希望购买代币。");
  });

  it("finds short words alone as whole names or companies, in both sections, and no piece of one", async () => {
    const word = marker();
    await insertContact({ first_name: "伟", last_name: "王", company: word, message: `王伟 ${word}` });
    await insertContact({ first_name: "Li", last_name: `Wu${word}`, message: "Hello" });
    await registerViaApi(uniqueEmail("named"), { firstName: "Li", lastName: "王" });
    const text = textOf((await search("li 王")).html);
    expect(text).toMatch(/Messages \(0\)/);
    expect(text).toMatch(/People \(1\)/);
    expect(text).toContain(NAMES_NOTE);
    const chinese = textOf((await search("王")).html);
    expect(chinese).toMatch(/Messages \(1\)/);
    expect(chinese).toMatch(/People \(1\)/);
  });

  it("answers an empty, a short, an over-long and an operator-laden query with 200", async () => {
    expect((await search("")).response.status).toBe(200);
    const short = await search("王伟");
    expect(short.response.status).toBe(200);
    expect(textOf(short.html)).toContain(NAMES_NOTE);
    const long = await search("ü".repeat(500));
    expect(long.response.status).toBe(200);
    expect(long.html).toContain(`value="${"ü".repeat(200)}"`);
    for (const query of ['"', 'NEAR("a" "b", 2)', "a* OR b^ -c :d", "AND AND", "((( )))", "\u0000abc"]) {
      expect((await search(query)).response.status, query).toBe(200);
    }
  });
});

describe("erasure", () => {
  it("leaves nothing of an erased person searchable: their account and their messages", async () => {
    const word = marker();
    const email = uniqueEmail("erased");
    expect((await registerViaApi(email, { lastName: word })).status).toBe(201);
    await insertContact({ email, last_name: word, message: `About ${word}` });
    expect(await indexed("people_search", word)).toBe(1);
    expect(await indexed("messages_search", word)).toBe(1);

    // The privacy link of an address without a usable account (this one is pending) erases it.
    expect((await postJson("/api/privacy/request", { email })).status).toBe(202);
    const { results } = await env.DB.prepare(
      "SELECT id, type, subject_id AS subjectId FROM mail_events WHERE type = 'privacy-request'",
    ).all<MailEventMessage>();
    const mail = recordingEnv();
    await deliver(mail.env, results);
    const sent = mail.sent.find((message) => String(message.to) === email);
    const link = linksOf(sent as never).find((href) => new URL(href).pathname === "/privacy/request");
    const token = new URL(link ?? "http://x").searchParams.get("token") ?? "";
    expect((await postJson("/api/privacy/erase", { token })).status).toBe(200);

    expect(await indexed("people_search", word)).toBe(0);
    expect(await indexed("messages_search", word)).toBe(0);
    const text = textOf((await search(word)).html);
    expect(text).toMatch(/Messages \(0\)/);
    expect(text).toMatch(/People \(0\)/);
    expect(await indexed("people_search", email)).toBe(0);
    expect(await indexed("messages_search", email)).toBe(0);
  });
});
