import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { sha256Hex } from "../../app/server/audit/audit-chain";
import { fetchPage, fetchWorker, textOf } from "./support";
import { freshIp, postForm, postJson, registerViaApi, signedInCookie, uniqueEmail } from "./support-accounts";

// The Activity tab of /admin: the audit log in the dashboard, its filters and paging, and its
// CSV export, which is an entry of the log itself. The tabs before it keep their page door.

async function idOf(email: string): Promise<number> {
  const row = await env.DB.prepare("SELECT id FROM users WHERE email = ?")
    .bind(email)
    .first<{ id: number }>();
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

/** A registration waiting for approval. */
async function pendingUser() {
  const email = uniqueEmail("activity-subject");
  await registerViaApi(email);
  return { email, id: await idOf(email) };
}

/** A dashboard button as a browser without JavaScript posts it. */
const dashboardPost = (cookie: string, fields: Record<string, string>, search = "") =>
  postForm(`/admin${search}`, fields, cookie);

function failedLogin(
  email: string,
  userAgent = "Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36",
) {
  return postJson("/api/login", { email, password: "not the password" }, { "User-Agent": userAgent });
}

async function activity(cookie: string, params: Record<string, string> = {}) {
  const search = new URLSearchParams({ tab: "activity", ...params });
  return fetchPage(`/admin?${search}`, { headers: { Cookie: cookie } });
}

/** The table's rows, each as its cells' text. */
function rowsOf(html: string): string[][] {
  const body = html.match(/<tbody>([\s\S]*?)<\/tbody>/)?.[1] ?? "";
  return [...body.matchAll(/<tr[^>]*>([\s\S]*?)<\/tr>/g)].map((row) =>
    [...(row[1] ?? "").matchAll(/<t[hd][^>]*>([\s\S]*?)<\/t[hd]>/g)].map((cell) =>
      // An address may carry a <wbr> after its @, a break opportunity and no text.
      textOf((cell[1] ?? "").replaceAll("<wbr/>", "")),
    ),
  );
}

async function exportEntries(actorId: number) {
  const { results } = await env.DB.prepare(
    "SELECT actor_id, actor_email_sha256, subject_id, outcome FROM account_events WHERE action = 'audit-exported' AND actor_id = ?",
  )
    .bind(actorId)
    .all();
  return results;
}

/** Parses CSV as RFC 4180 has it (quoted fields, doubled quotes, CRLF records). */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let field = "";
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ",") {
      record.push(field);
      field = "";
    } else if (char === "\r" && text[i + 1] === "\n") {
      record.push(field);
      records.push(record);
      record = [];
      field = "";
      i++;
    } else field += char;
  }
  return records;
}

describe("the Activity tab", () => {
  it("lists an admin's approval and a failed sign-in, newest first, with who acted", async () => {
    const admin = await signedInCookie({ admin: true });
    const target = await pendingUser();
    const approved = await dashboardPost(
      admin.cookie,
      { intent: "approve", id: String(target.id) },
      "?tab=pending",
    );
    expect(approved.status).toBe(200);
    expect(textOf(await approved.text())).toContain("User has been successfully approved.");
    expect((await failedLogin(target.email)).status).toBe(401);

    const { status, html } = await activity(admin.cookie, { person: target.email });
    expect(status).toBe(200);
    expect(html).toContain("<caption");
    expect(textOf(html)).toContain("2 entries match these filters.");
    const rows = rowsOf(html);
    expect(rows.map((row) => [row[1], row[3], row[4]])).toEqual([
      [`${target.email} Account ${target.id}`, "sign-in", "failure"],
      [`${admin.email} Account ${await idOf(admin.email)}`, "user-approved", "success"],
    ]);
    expect(rows[1]?.[2]).toBe(`${target.email} Account ${target.id}`);
    expect(rows[0]?.[0]).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d\d [AP]M UTC$/);
    expect(rows[0]?.[6]).toContain("Chrome on Linux");
    // The tab is one of the dashboard's, and its form offers every action the log knows.
    expect(html).toMatch(/<a[^>]*aria-current="page"[^>]*>Activity<\/a>/);
    expect(html).toContain('<option value="audit-exported">');
    expect(html).toContain('href="/admin/activity.csv?person=');
  });

  it("names a processed contact message as the subject, not the account of the same number", async () => {
    const admin = await signedInCookie({ admin: true });
    const email = uniqueEmail("activity-contact");
    const sent = await postJson(
      "/api/contact",
      { firstName: "Grace", lastName: "Hopper", email, userTypeId: 2, message: "Hello." },
      { "CF-Connecting-IP": freshIp() },
    );
    expect(sent.status).toBe(201);
    const message = await env.DB.prepare("SELECT id FROM contact_submissions WHERE email = ?")
      .bind(email)
      .first<{ id: number }>();
    if (!message) throw new Error("no contact message");
    const marked = await dashboardPost(
      admin.cookie,
      { intent: "process", id: String(message.id) },
      "?tab=contacts",
    );
    expect(marked.status).toBe(200);

    const adminId = await idOf(admin.email);
    const { html } = await activity(admin.cookie, { person: String(adminId), action: "contact-processed" });
    const rows = rowsOf(html);
    expect(rows.map((row) => [row[2], row[3]])).toContainEqual([
      `Contact message ${message.id}`,
      "contact-processed",
    ]);
  });

  it("filters by person (id or address, as actor or subject), action and dates, and pages", async () => {
    const admin = await signedInCookie({ admin: true });
    const target = await pendingUser();
    expect((await dashboardPost(admin.cookie, { intent: "approve", id: String(target.id) })).status).toBe(
      200,
    );
    for (let i = 0; i < 51; i++) expect((await failedLogin(target.email)).status).toBe(401);

    const byId = await activity(admin.cookie, { person: String(target.id) });
    expect(textOf(byId.html)).toContain("52 entries match these filters.");
    expect(rowsOf(byId.html)).toHaveLength(50);
    expect(textOf(byId.html)).toContain("52 in all");
    // The next page by keyset: after the last entry shown, with the filters kept.
    const next = byId.html.match(/href="([^"]*after=[^"]*)"/)?.[1]?.replaceAll("&amp;", "&") ?? "";
    expect(new URL(next, "http://localhost").searchParams.get("person")).toBe(String(target.id));
    const second = await fetchPage(next, { headers: { Cookie: admin.cookie } });
    expect(rowsOf(second.html).map((row) => row[3])).toEqual(["sign-in", "user-approved"]);

    const approvals = await activity(admin.cookie, { person: admin.email, action: "user-approved" });
    const approvalRows = rowsOf(approvals.html);
    expect(approvalRows).toHaveLength(1);
    expect(approvalRows[0]?.[2]).toContain(target.email);

    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const through = async (params: Record<string, string>) =>
      rowsOf(
        (await activity(admin.cookie, { person: target.email, action: "user-approved", ...params })).html,
      ).length;
    expect(await through({ from: today, to: today })).toBe(1);
    expect(await through({ from: tomorrow })).toBe(0);
    expect(await through({ to: yesterday })).toBe(0);
    const none = await activity(admin.cookie, { person: target.email, from: tomorrow });
    expect(textOf(none.html)).toContain("No activity matches these filters.");
    expect(none.html).toContain(`value="${tomorrow}"`);
  });

  it("is the admins' alone: members and visitors go to /login, as on the other tabs", async () => {
    const member = await signedInCookie();
    for (const path of ["/admin?tab=activity", "/admin/activity.csv", "/admin?tab=users"]) {
      for (const headers of [{}, { Cookie: member.cookie }] as Record<string, string>[]) {
        const response = await fetchWorker(path, { headers, redirect: "manual" });
        expect(response.status, `${path} ${JSON.stringify(headers)}`).toBe(302);
        expect(response.headers.get("Location")).toBe("/login");
      }
    }
    const posted = await dashboardPost(member.cookie, { intent: "approve", id: "1" });
    expect(posted.status).toBe(302);
    expect(posted.headers.get("Location")).toBe("/login");
    expect(await exportEntries(await idOf(member.email))).toEqual([]);
  });
});

describe("the CSV export", () => {
  it("answers a CSV attachment of the filtered entries and logs each export once", async () => {
    const admin = await signedInCookie({ admin: true });
    const adminId = await idOf(admin.email);
    const target = await pendingUser();
    await failedLogin(target.email, 'Agent "Smith", version 2');
    await failedLogin(target.email, '=HYPERLINK("https://evil.example","x")');
    await failedLogin(target.email, "@SUM(1+1)");
    await failedLogin(target.email, "Mozilla;=1+1;x");

    const response = await fetchWorker(`/admin/activity.csv?person=${encodeURIComponent(target.email)}`, {
      headers: { Cookie: admin.cookie, "CF-Connecting-IP": "198.51.100.61" },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    const date = new Date().toISOString().slice(0, 10);
    expect(response.headers.get("Content-Disposition")).toBe(
      `attachment; filename="facets-activity-${date}.csv"`,
    );
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const text = await response.text();
    expect(text.endsWith("\r\n")).toBe(true);
    expect(text).toContain(',"Agent ""Smith"", version 2",');
    expect(text).toContain(`,"'=HYPERLINK(""https://evil.example"",""x"")",`);
    expect(text).toContain(`,"'@SUM(1+1)",`);
    expect(text).toContain(`,"Mozilla;'=1+1;x",`);
    // Every field is quoted, and however a spreadsheet splits a line (`,` `;` tab or `|`), no cell it
    // makes starts with a formula trigger.
    const lines = text.split("\r\n").slice(0, -1);
    for (const line of lines) {
      expect(line).toMatch(/^"(?:[^"]|"")*"(?:,"(?:[^"]|"")*")*$/);
      for (const separator of [",", ";", "\t", "|"]) {
        for (const cell of line.split(separator)) expect(cell.replace(/^[" ]*/, "")).not.toMatch(/^[=+\-@]/);
      }
    }
    const [header, ...records] = parseCsv(text);
    expect(header).toEqual([
      "id",
      "time_utc",
      "actor_id",
      "actor_email",
      "subject_id",
      "subject_email",
      "action",
      "outcome",
      "ip",
      "country",
      "user_agent",
      "request_id",
    ]);
    expect(records.map((record) => record[10])).toEqual([
      "Mozilla;'=1+1;x",
      "'@SUM(1+1)",
      `'=HYPERLINK("https://evil.example","x")`,
      'Agent "Smith", version 2',
    ]);
    for (const record of records) {
      expect(record).toHaveLength(12);
      expect(record.slice(2, 8)).toEqual([
        String(target.id),
        target.email,
        String(target.id),
        target.email,
        "sign-in",
        "failure",
      ]);
      expect(record[1]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    }

    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const empty = await fetchWorker(`/admin/activity.csv?from=${tomorrow}`, {
      headers: { Cookie: admin.cookie },
    });
    expect(await empty.text()).toBe(`${header?.map((name) => `"${name}"`).join(",")}\r\n`);

    const entry = {
      actor_id: adminId,
      actor_email_sha256: sha256Hex(admin.email),
      subject_id: null,
      outcome: "success",
    };
    expect(await exportEntries(adminId)).toEqual([entry, entry]);
    const logged = await activity(admin.cookie, { person: admin.email, action: "audit-exported" });
    expect(rowsOf(logged.html).map((row) => [row[1], row[5]])).toEqual([
      [`${admin.email} Account ${adminId}`, "—"],
      [`${admin.email} Account ${adminId}`, "198.51.100.61"],
    ]);
  });
});

describe("the dashboard's other tabs, as their own modules", () => {
  it("answers each tab for an admin and hands each intent to its tab", async () => {
    const admin = await signedInCookie({ admin: true });
    for (const [search, heading] of [
      ["", "Pending Users"],
      ["?tab=pending", "Pending Users"],
      ["?tab=users", "Users"],
      ["?tab=contacts", "Contact Submissions"],
      ["?tab=contacts&view=processed", "Contact Submissions"],
      ["?tab=nonsense", "Pending Users"],
    ]) {
      const { status, html } = await fetchPage(`/admin${search}`, { headers: { Cookie: admin.cookie } });
      expect(status, search).toBe(200);
      expect(html, search).toMatch(new RegExp(`<h2[^>]*>${heading}</h2>`));
    }
    const member = await pendingUser();
    expect((await dashboardPost(admin.cookie, { intent: "approve", id: String(member.id) })).status).toBe(
      200,
    );
    const deactivated = await dashboardPost(
      admin.cookie,
      { intent: "deactivate", id: String(member.id) },
      "?tab=users",
    );
    expect(textOf(await deactivated.text())).toContain("The user is signed out and can no longer log in.");
    const self = await dashboardPost(admin.cookie, {
      intent: "deactivate",
      id: String(await idOf(admin.email)),
    });
    expect(self.status).toBe(409);
    expect(textOf(await self.text())).toContain("You cannot deactivate your own account.");
    expect((await dashboardPost(admin.cookie, { intent: "approve", id: "abc" })).status).toBe(400);
    expect((await dashboardPost(admin.cookie, { intent: "process", id: "99999999" })).status).toBe(404);
  });
});
