import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { fetchPage, textOf } from "./support";
import { signedInCookie, uniqueEmail, userIdOf } from "./support-accounts";
import { insertContact } from "./support-mail";
import { apiList, confirmedMove, dashboardPost, entriesOf, stateOf } from "./support-queue";

// Bulk moves of the queue (docs/decisions/152-message-states-and-claims.md): the ticked messages or every one
// the filters select, one batch and one entry per message changed; a broad text's counts; every tab rendered
// in place for a browser without JavaScript.

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

    const { asked, moved } = await confirmedMove(
      admin.cookie,
      [
        ["move", "done"],
        ["scope", "matching"],
        ["upto", String(upto)],
      ],
      `?tab=contacts&q=${marker}&area=2`,
    );
    expect(asked).toContain("3 messages: 3 New.");
    expect(moved).toContain("3 messages moved to Done.");
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
    const { moved } = await confirmedMove(
      admin.cookie,
      [
        ["move", "waiting"],
        ["scope", "matching"],
        ["upto", String(late.id)],
      ],
      `?tab=contacts&q=${marker}`,
    );
    expect(moved).toContain("1 message moved to Waiting on the applicant.");
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
    expect(text).toContain("No counts under a text. Show counts");
    expect(text).toContain("10,000+ in all");
    expect(text).not.toMatch(/Open \(/);
    // Asked for, the counts read the first 20,001 matches: past the cap, or not counted.
    const asked = await fetchPage(`/admin?tab=contacts&q=${word}&facets=1`, {
      headers: { Cookie: admin.cookie },
    });
    expect(textOf(asked.html)).toMatch(/Open \(\s*10,001|Open \(\s*10,000\+/);

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
