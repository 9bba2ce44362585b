import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { fetchPage, fetchWorker, textOf } from "./support";
import { freshIp, signedInCookie, uniqueEmail, userIdOf } from "./support-accounts";
import { insertContact } from "./support-mail";

// The workbench's queue of messages (docs/decisions/152-message-states-and-claims.md): states, claims,
// oldest first, the filters and their counts, keyset paging and bulk moves, each seen from the outside:
// statuses, the rows in D1, the audit entries and what the page shows.

/** A form posted to the dashboard as a browser posts it: repeated fields (ticked boxes) stay repeated. */
function dashboardPost(cookie: string, fields: [string, string][], search = "?tab=contacts") {
  return fetchWorker(`/admin${search}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      "CF-Connecting-IP": freshIp(),
      Cookie: cookie,
    },
    body: new URLSearchParams(fields),
  });
}

async function stateOf(id: number) {
  return env.DB.prepare(
    "SELECT state, is_processed, processed_by, processed_at, claimed_by, claimed_at FROM contact_submissions WHERE id = ?",
  )
    .bind(id)
    .first<{
      state: string;
      is_processed: number;
      processed_by: number | null;
      processed_at: number | null;
      claimed_by: number | null;
      claimed_at: number | null;
    }>();
}

async function entriesOf(action: string, ids: number[]) {
  const { results } = await env.DB.prepare(
    `SELECT subject_id, actor_id FROM account_events WHERE action = ? AND subject_id IN (${ids.map(() => "?").join(", ")})`,
  )
    .bind(action, ...ids)
    .all<{ subject_id: number; actor_id: number }>();
  return results;
}

async function apiList(cookie: string, query: string) {
  const response = await fetchWorker(`/api/admin/contacts${query}`, { headers: { Cookie: cookie } });
  expect(response.status).toBe(200);
  return {
    items: await response.json<{ id: number; state: string; claimedBy: number | null }[]>(),
    total: Number(response.headers.get("X-Total-Count")),
    next: response.headers.get("Link"),
  };
}

describe("the states of a message", () => {
  let admin: { cookie: string; email: string };
  let adminId: number;

  beforeAll(async () => {
    admin = await signedInCookie({ admin: true });
    adminId = await userIdOf(admin.email);
  });

  it("starts New, and moves to Waiting, Spam, New again and Done, each once, with who closed it", async () => {
    const { id } = await insertContact();
    expect(await stateOf(id)).toMatchObject({ state: "new", is_processed: 0 });
    const post = (intent: string) =>
      dashboardPost(admin.cookie, [
        ["intent", intent],
        ["id", String(id)],
      ]);

    expect((await post("waiting")).status).toBe(200);
    expect(await stateOf(id)).toMatchObject({ state: "waiting", is_processed: 0, processed_by: null });
    expect((await post("spam")).status).toBe(200);
    expect(await stateOf(id)).toMatchObject({ state: "spam", is_processed: 1, processed_by: adminId });
    expect((await post("reopen")).status).toBe(200);
    expect(await stateOf(id)).toMatchObject({
      state: "new",
      is_processed: 0,
      processed_by: null,
      processed_at: null,
    });
    const done = await post("process");
    expect(done.status).toBe(200);
    expect(textOf(await done.text())).toContain("Contact has been marked as processed.");
    expect(await stateOf(id)).toMatchObject({ state: "done", is_processed: 1, processed_by: adminId });
    expect((await post("process")).status).toBe(200);

    for (const action of ["contact-waiting", "contact-spam", "contact-reopened", "contact-processed"]) {
      expect(await entriesOf(action, [id]), action).toEqual([{ subject_id: id, actor_id: adminId }]);
    }
  });

  it("answers the JSON endpoints of the states and the claim, and 404 for a message that is not there", async () => {
    const { id } = await insertContact();
    const post = (name: string, target = id) =>
      fetchWorker(`/api/admin/${name}/${target}`, { method: "POST", headers: { Cookie: admin.cookie } });
    expect((await post("mark-contact-waiting")).status).toBe(200);
    expect((await post("claim-contact")).status).toBe(200);
    expect(await stateOf(id)).toMatchObject({ state: "waiting", claimed_by: adminId });
    expect((await post("mark-contact-spam")).status).toBe(200);
    expect((await post("reopen-contact")).status).toBe(200);
    expect((await post("release-contact")).status).toBe(200);
    expect(await stateOf(id)).toMatchObject({ state: "new", claimed_by: null });
    expect((await post("mark-contact-spam", 99_999_999)).status).toBe(404);
    expect((await post("claim-contact", 99_999_999)).status).toBe(404);
  });

  it("takes the row's buttons on the message's own page too", async () => {
    const { id } = await insertContact();
    const post = (intent: string) =>
      fetchWorker(`/admin/message?id=${id}`, {
        method: "POST",
        redirect: "manual",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          "CF-Connecting-IP": freshIp(),
          Cookie: admin.cookie,
        },
        body: new URLSearchParams({ intent, id: String(id) }),
      });
    const page = await fetchPage(`/admin/message?id=${id}`, { headers: { Cookie: admin.cookie } });
    expect(textOf(page.html)).toMatch(/Mark Processed.*Waiting.*Spam.*Take/);
    expect((await post("claim")).status).toBe(200);
    const done = await post("process");
    expect(done.status).toBe(200);
    expect(textOf(await done.text())).toContain("Contact has been marked as processed.");
    expect(await stateOf(id)).toMatchObject({ state: "done", claimed_by: adminId });
  });

  it("lets one administrator hold a message, shows who, and refuses a second one", async () => {
    const other = await signedInCookie({ admin: true });
    const { id, email } = await insertContact({ first_name: "Held" });
    const claim = (cookie: string) =>
      dashboardPost(cookie, [
        ["intent", "claim"],
        ["id", String(id)],
      ]);

    expect((await claim(admin.cookie)).status).toBe(200);
    expect((await claim(admin.cookie)).status).toBe(200);
    const refused = await claim(other.cookie);
    expect(refused.status).toBe(409);
    expect(textOf(await refused.text())).toMatch(/holds this message/);
    expect((await stateOf(id))?.claimed_by).toBe(adminId);
    expect(await entriesOf("contact-claimed", [id])).toHaveLength(1);

    const mine = await fetchPage(`/admin?tab=contacts&holder=me&q=${encodeURIComponent(email)}`, {
      headers: { Cookie: admin.cookie },
    });
    expect(textOf(mine.html)).toContain(email);
    const theirs = await fetchPage(`/admin?tab=contacts&holder=me&q=${encodeURIComponent(email)}`, {
      headers: { Cookie: other.cookie },
    });
    expect(textOf(theirs.html)).not.toContain(email);

    expect(
      (
        await dashboardPost(other.cookie, [
          ["intent", "release"],
          ["id", String(id)],
        ])
      ).status,
    ).toBe(200);
    expect((await stateOf(id))?.claimed_by).toBeNull();
    expect(await entriesOf("contact-released", [id])).toHaveLength(1);
  });
});

describe("the list of messages", () => {
  let admin: { cookie: string; email: string };
  const marker = `queue${Date.now().toString(36)}`;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    admin = await signedInCookie({ admin: true });
    const day = (iso: string) => Math.floor(Date.parse(iso) / 1000);
    const rows: [string, Record<string, string | number>][] = [
      ["oldest", { created_at: day("2026-01-02T10:00:00Z"), user_type_id: 2, payment_method: "USDT" }],
      ["middle", { created_at: day("2026-01-05T10:00:00Z"), user_type_id: 2, payment_method: "BTC" }],
      ["newest", { created_at: day("2026-01-09T10:00:00Z"), user_type_id: 4 }],
      ["waiting", { created_at: day("2026-01-03T10:00:00Z"), user_type_id: 4, state: "waiting" }],
      ["done", { created_at: day("2026-01-04T10:00:00Z"), user_type_id: 2, state: "done", is_processed: 1 }],
      ["spam", { created_at: day("2026-01-06T10:00:00Z"), user_type_id: 9, state: "spam", is_processed: 1 }],
    ];
    for (const [name, facts] of rows) {
      ids[name] = (await insertContact({ ...facts, email: uniqueEmail(`${marker}-${name}`) })).id;
    }
  });

  const names = (items: { id: number }[]) =>
    items.map((item) => Object.entries(ids).find(([, id]) => id === item.id)?.[0] ?? "other");

  it("lists the open messages oldest first, and each state on its own", async () => {
    expect(names((await apiList(admin.cookie, `?q=${marker}`)).items)).toEqual([
      "oldest",
      "waiting",
      "middle",
      "newest",
    ]);
    expect(names((await apiList(admin.cookie, `?q=${marker}&state=waiting`)).items)).toEqual(["waiting"]);
    expect(names((await apiList(admin.cookie, `?q=${marker}&state=spam`)).items)).toEqual(["spam"]);
    expect(names((await apiList(admin.cookie, `?q=${marker}&processed=true`)).items)).toEqual(["done"]);
  });

  it("narrows by area, payment method and the days received, either end included", async () => {
    const list = async (query: string) => names((await apiList(admin.cookie, `?q=${marker}${query}`)).items);
    expect(await list("&area=4")).toEqual(["waiting", "newest"]);
    expect(await list("&payment=BTC")).toEqual(["middle"]);
    expect(await list("&from=2026-01-03&to=2026-01-05")).toEqual(["waiting", "middle"]);
    expect(await list("&from=2026-01-09")).toEqual(["newest"]);
    expect(await list("&to=2026-01-02")).toEqual(["oldest"]);
    // A day that is no day is no bound.
    expect(await list("&from=2026-02-30&to=yesterday")).toEqual(["oldest", "waiting", "middle", "newest"]);
  });

  it("shows the counts beside each filter, under the other filters", async () => {
    const { html } = await fetchPage(`/admin?tab=contacts&q=${marker}&area=2`, {
      headers: { Cookie: admin.cookie },
    });
    const text = textOf(html).replace(/\(\s*/g, "(").replace(/\s*\)/g, ")");
    expect(text).toContain("Open (2)");
    expect(text).toContain("New (2)");
    expect(text).toContain("Waiting on the applicant (0)");
    expect(text).toContain("Done (1)");
    expect(text).toContain("Spam (0)");
    expect(text).toContain("FACETS token enquiry (2)");
    expect(text).toContain("Licensing opportunities (2)");
    expect(text).toContain("USDT (1)");
    expect(text).toContain("BTC (1)");
    expect(text).toMatch(/\b\d+ d\b/);
  });

  it("pages by keyset: each message once, none missed, when many share a second", async () => {
    const tied = `tied${Date.now().toString(36)}`;
    const at = Math.floor(Date.parse("2025-06-01T00:00:00Z") / 1000);
    await env.DB.batch(
      Array.from({ length: 123 }, (_, i) =>
        env.DB.prepare(
          "INSERT INTO contact_submissions (first_name, last_name, email, message, user_type_id, created_at) VALUES ('Tied', 'Row', ?, 'hello', 2, ?)",
        ).bind(`${tied}-${i}@example.com`, at + (i % 3)),
      ),
    );
    const seen: number[] = [];
    let query = `?q=${tied}`;
    for (let page = 0; page < 5; page += 1) {
      const { items, next, total } = await apiList(admin.cookie, query);
      expect(total).toBe(123);
      seen.push(...items.map((item) => item.id));
      if (!next) break;
      query = decodeURIComponent(/<\/api\/admin\/contacts(\?[^>]*)>; rel="next"/.exec(next)?.[1] ?? "");
    }
    expect(seen).toHaveLength(123);
    expect(new Set(seen).size).toBe(123);
  });
});

describe("bulk moves", () => {
  let admin: { cookie: string; email: string };
  let adminId: number;

  beforeAll(async () => {
    admin = await signedInCookie({ admin: true });
    adminId = await userIdOf(admin.email);
  });

  it("moves the ticked messages in one press, one entry per message changed, and says how many", async () => {
    const rows = await Promise.all([1, 2, 3].map(() => insertContact()));
    const [first, second, third] = rows.map((row) => row.id) as [number, number, number];
    expect(
      (
        await dashboardPost(admin.cookie, [
          ["intent", "spam"],
          ["id", String(third)],
        ])
      ).status,
    ).toBe(200);

    const response = await dashboardPost(admin.cookie, [
      ["intent", "bulk-move"],
      ["move", "spam"],
      ["ids", String(first)],
      ["ids", String(second)],
      ["ids", String(third)],
    ]);
    expect(response.status).toBe(200);
    expect(textOf(await response.text())).toContain("2 messages moved to Spam.");
    for (const id of [first, second, third]) expect((await stateOf(id))?.state).toBe("spam");
    const entries = await entriesOf("contact-spam", [first, second, third]);
    expect(entries.map((entry) => entry.subject_id).sort()).toEqual([first, second, third].sort());
    expect(entries.every((entry) => entry.actor_id === adminId)).toBe(true);

    const again = await dashboardPost(admin.cookie, [
      ["intent", "bulk-move"],
      ["move", "spam"],
      ["ids", String(first)],
    ]);
    expect(textOf(await again.text())).toContain("0 messages moved to Spam.");
    expect(await entriesOf("contact-spam", [first])).toHaveLength(1);
  });

  it("moves every message the filters select, none added after the page was shown", async () => {
    const marker = `bulk${Date.now().toString(36)}`;
    const shown = await Promise.all(
      [0, 1, 2, 3].map((i) =>
        insertContact({ email: uniqueEmail(`${marker}-${i}`), user_type_id: i < 3 ? 2 : 4 }),
      ),
    );
    const upto = Math.max(...shown.map((row) => row.id));
    const late = await insertContact({ email: uniqueEmail(`${marker}-late`), user_type_id: 2 });

    const response = await dashboardPost(
      admin.cookie,
      [
        ["intent", "bulk-move"],
        ["move", "done"],
        ["scope", "matching"],
        ["upto", String(upto)],
      ],
      `?tab=contacts&q=${marker}&area=2`,
    );
    expect(response.status).toBe(200);
    expect(textOf(await response.text())).toContain("3 messages moved to Done.");
    expect(await Promise.all(shown.map(async (row) => (await stateOf(row.id))?.state))).toEqual([
      "done",
      "done",
      "done",
      "new",
    ]);
    expect((await stateOf(late.id))?.state).toBe("new");
    expect(
      await entriesOf(
        "contact-processed",
        shown.map((row) => row.id),
      ),
    ).toHaveLength(3);
  });

  it("refuses a bulk move with nothing ticked, a state that is none, or too many ids, with a 400", async () => {
    const bad: [string, string][][] = [
      [["move", "done"]],
      [
        ["move", "archived"],
        ["ids", "1"],
      ],
      [
        ["move", "done"],
        ["ids", "0"],
      ],
      [["move", "done"], ...Array.from({ length: 51 }, (_, i): [string, string] => ["ids", String(i + 1)])],
      [
        ["move", "done"],
        ["scope", "matching"],
      ],
    ];
    for (const fields of bad) {
      const response = await dashboardPost(admin.cookie, [["intent", "bulk-move"], ...fields]);
      expect(response.status, JSON.stringify(fields).slice(0, 80)).toBe(400);
    }
  });

  it("moves a whole page of ticked messages, fifty, in one batch", async () => {
    const rows = await Promise.all(Array.from({ length: 50 }, () => insertContact()));
    const response = await dashboardPost(admin.cookie, [
      ["intent", "bulk-move"],
      ["move", "waiting"],
      ...rows.map((row): [string, string] => ["ids", String(row.id)]),
    ]);
    expect(response.status).toBe(200);
    expect(textOf(await response.text())).toContain("50 messages moved to Waiting on the applicant.");
    expect(
      await entriesOf(
        "contact-waiting",
        rows.map((row) => row.id),
      ),
    ).toHaveLength(50);
  });

  it("moves the next ones when the first 10,000 matching are already in the state", async () => {
    const marker = `again${Date.now().toString(36)}`;
    await env.DB.prepare(
      `INSERT INTO contact_submissions (first_name, last_name, email, message, user_type_id, state)
       WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 10000)
       SELECT 'Early', 'Waiting', 'early' || i || '@example.com', 'About ' || ?, 2, 'waiting' FROM n`,
    )
      .bind(marker)
      .run();
    const late = await insertContact({ message: `About ${marker}` });
    const response = await dashboardPost(
      admin.cookie,
      [
        ["intent", "bulk-move"],
        ["move", "waiting"],
        ["scope", "matching"],
        ["upto", String(late.id)],
      ],
      `?tab=contacts&q=${marker}`,
    );
    expect(textOf(await response.text())).toContain("1 message moved to Waiting on the applicant.");
    expect((await stateOf(late.id))?.state).toBe("waiting");
  });

  it("lets no one but an administrator move messages", async () => {
    const member = await signedInCookie();
    const { id } = await insertContact();
    const response = await dashboardPost(member.cookie, [
      ["intent", "bulk-move"],
      ["move", "spam"],
      ["ids", String(id)],
    ]);
    expect(response.status).toBeGreaterThanOrEqual(300);
    expect(response.status).toBeLessThan(500);
    expect((await stateOf(id))?.state).toBe("new");
  });
});

describe("a text that many messages hold", () => {
  it("lists them and leaves the filters' counts out past 10,000, rather than count them all", async () => {
    const admin = await signedInCookie({ admin: true });
    const word = `broad${Date.now().toString(36)}`;
    await env.DB.prepare(
      `INSERT INTO contact_submissions (first_name, last_name, email, message, user_type_id)
       WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 10001)
       SELECT 'Many', 'Senders', 'many' || i || '@example.com', 'About ' || ?, 2 FROM n`,
    )
      .bind(word)
      .run();
    const broad = await fetchPage(`/admin?tab=contacts&q=${word}`, { headers: { Cookie: admin.cookie } });
    expect(broad.response.status).toBe(200);
    const text = textOf(broad.html);
    expect(text).toContain("No counts: more than 10,000 messages hold this text.");
    expect(text).toContain("10,000+ in all");
    expect(text).not.toMatch(/Open \(/);

    const narrow = await fetchPage(`/admin?tab=contacts&q=${word}&area=4`, {
      headers: { Cookie: admin.cookie },
    });
    expect(textOf(narrow.html)).toContain("No message matches these filters.");
    const { total } = await apiList(admin.cookie, `?q=${word}`);
    expect(total).toBe(10_001);
  });
});

describe("the dashboard's tabs without JavaScript", () => {
  it("renders every tab in place, never as a boundary streamed after the page", async () => {
    const admin = await signedInCookie({ admin: true });
    for (const tab of ["pending", "users", "contacts", "activity", "search"]) {
      const { status, html } = await fetchPage(`/admin?tab=${tab}&q=a`, {
        headers: { Cookie: admin.cookie },
      });
      expect(status, tab).toBe(200);
      // React marks a boundary still loading with <!--$?--> and sends its content later, hidden until a
      // script moves it in.
      expect(html, tab).not.toContain("<!--$?-->");
      expect(
        html.indexOf("</table>") < 0 || html.indexOf("</table>") < html.indexOf("__reactRouterContext"),
        tab,
      ).toBe(true);
    }
  });
});
