import { beforeAll, describe, expect, it } from "vitest";
import { fetchPage, textOf } from "./support";
import { signedInCookie, uniqueEmail } from "./support-accounts";
import { insertContact } from "./support-mail";
import { confirmedMove, dashboardPost, entriesOf, stateOf, tokenIn } from "./support-queue";

// Triage in bulk (docs/decisions/177-triage-bulk.md): all but the ticked, a confirmation before moving more
// than the ticked that moves exactly what it counted, an undo kept an hour, and a scope that stays.

const statesOf = async (ids: number[]) => Promise.all(ids.map(async (id) => (await stateOf(id))?.state));

/** Messages of their own marker, each in the state given; and the newest id, as the list showed it. */
async function queueOf(states: string[]) {
  const marker = `tri${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const rows = [];
  for (const [at, state] of states.entries()) {
    rows.push(
      await insertContact({ email: uniqueEmail(`${marker}-${at}`), message: `About ${marker} ${at}`, state }),
    );
  }
  const ids = rows.map((row) => row.id);
  return { ids, upto: String(Math.max(...ids)), search: `?tab=contacts&q=${marker}` };
}

describe("bulk triage", () => {
  let admin: { cookie: string; email: string };

  beforeAll(async () => {
    admin = await signedInCookie({ admin: true });
  });

  it("moves every message that matches but the ticked, once its confirmation is pressed", async () => {
    const { ids, upto, search } = await queueOf(["new", "new", "new", "new"]);
    const [kept, ...others] = ids as [number, ...number[]];
    const pressed = await dashboardPost(
      admin.cookie,
      [
        ["intent", "bulk-move"],
        ["move", "spam"],
        ["scope", "except"],
        ["upto", upto],
        ["ids", String(kept)],
      ],
      search,
    );
    const asked = textOf(await pressed.clone().text());
    expect(asked).toContain("Move 3 messages to Spam?");
    expect(asked).toContain("3 messages: 3 New.");
    expect(asked).toContain("Move 3 to Spam");
    // The press moved nothing: only the confirmation's does.
    expect(await statesOf(ids)).toEqual(["new", "new", "new", "new"]);

    const { moved } = await confirmedMove(
      admin.cookie,
      [
        ["move", "spam"],
        ["scope", "except"],
        ["upto", upto],
        ["ids", String(kept)],
      ],
      search,
    );
    expect(moved).toContain("3 messages moved to Spam.");
    expect(await statesOf(ids)).toEqual(["new", "spam", "spam", "spam"]);
    expect(await entriesOf("contact-spam", ids)).toHaveLength(3);
    expect((await entriesOf("contact-spam", others)).map((entry) => entry.subject_id).sort()).toEqual(
      [...others].sort(),
    );
  });

  it("counts by state and shows a sample before closing, and closes only what it counted", async () => {
    const { ids, upto, search } = await queueOf(["new", "new", "waiting", "new", "done"]);
    const [a, b, waiting, c, closed] = ids as [number, number, number, number, number];
    const pressed = await dashboardPost(
      admin.cookie,
      [
        ["intent", "bulk-move"],
        ["move", "done"],
        ["scope", "matching"],
        ["upto", upto],
      ],
      search,
    );
    const html = await pressed.text();
    const asked = textOf(html);
    // The Open view lists New and Waiting: the confirmation names the Waiting one, and offers New alone.
    expect(asked).toContain("4 messages: 3 New, 1 Waiting on the applicant.");
    expect(asked).toContain("Grace Hopper");
    expect(asked).toContain(`About ${search.split("q=")[1]} 0`);
    expect(asked).toContain("Only the 3 New");
    expect(asked).toContain("Only the 1 Waiting on the applicant");
    // Its buttons and Cancel lead back to the list, with the scope chosen.
    expect(html).toMatch(/<form[^>]*action="\/admin\?[^"]*scope=matching"/);
    expect(html).toMatch(/<a[^>]*href="\/admin\?[^"]*scope=matching"[^>]*>Cancel<\/a>/);

    // Meanwhile another press moves one counted New to Waiting, and the closed one is opened again.
    await dashboardPost(admin.cookie, [
      ["intent", "waiting"],
      ["id", String(c)],
    ]);
    await dashboardPost(admin.cookie, [
      ["intent", "reopen"],
      ["id", String(closed)],
    ]);
    const confirmed = await dashboardPost(
      admin.cookie,
      [
        ["intent", "bulk-move"],
        ["move", "done"],
        ["scope", "matching"],
        ["confirm", tokenIn(html, "confirm")],
        ["only", "new"],
      ],
      search,
    );
    expect(textOf(await confirmed.text())).toContain("2 messages moved to Done.");
    // Only the New ones still New when confirmed: the Waiting one, the one moved since and the one reopened
    // since (never counted) stay open.
    expect(await statesOf([a, b, waiting, c, closed])).toEqual(["done", "done", "waiting", "waiting", "new"]);
  });

  it("undoes a move once: each message back to its state unless touched since, with entries", async () => {
    const { ids } = await queueOf(["new", "waiting", "new"]);
    const [fresh, waiting, touched] = ids as [number, number, number];
    const response = await dashboardPost(admin.cookie, [
      ["intent", "bulk-move"],
      ["move", "spam"],
      ...ids.map((id): [string, string] => ["ids", String(id)]),
    ]);
    const html = await response.text();
    expect(textOf(html)).toContain("3 messages moved to Spam.");
    const undo = tokenIn(html, "undo");
    await dashboardPost(admin.cookie, [
      ["intent", "reopen"],
      ["id", String(touched)],
    ]);
    await dashboardPost(admin.cookie, [
      ["intent", "process"],
      ["id", String(touched)],
    ]);

    const other = await signedInCookie({ admin: true });
    const stranger = await dashboardPost(other.cookie, [
      ["intent", "bulk-undo"],
      ["undo", undo],
    ]);
    expect(textOf(await stranger.text())).toContain("Nothing to undo");
    expect(await statesOf(ids)).toEqual(["spam", "spam", "done"]);

    const undone = await dashboardPost(admin.cookie, [
      ["intent", "bulk-undo"],
      ["undo", undo],
    ]);
    expect(undone.status).toBe(200);
    const said = textOf(await undone.text());
    expect(said).toContain("Move undone");
    expect(said).toContain("2 messages back where they were. 1 message moved again since");
    expect(await statesOf(ids)).toEqual(["new", "waiting", "done"]);
    expect(await entriesOf("contact-reopened", [fresh])).toHaveLength(1);
    expect(await entriesOf("contact-waiting", [waiting])).toHaveLength(1);

    const again = await dashboardPost(admin.cookie, [
      ["intent", "bulk-undo"],
      ["undo", undo],
    ]);
    expect(textOf(await again.text())).toContain("Nothing to undo");
    expect(await statesOf(ids)).toEqual(["new", "waiting", "done"]);
    expect(await entriesOf("contact-reopened", [fresh])).toHaveLength(1);
  });

  it("keeps the scope chosen after a move, in the bar and the list's links", async () => {
    const { ids, upto, search } = await queueOf(["new", "new"]);
    const { movedHtml } = await confirmedMove(
      admin.cookie,
      [
        ["move", "waiting"],
        ["scope", "matching"],
        ["upto", upto],
      ],
      search,
    );
    expect(movedHtml).toMatch(/checked="" value="matching"/);
    expect(movedHtml).not.toMatch(/checked="" value="ticked"/);
    expect(movedHtml).toMatch(/href="\/admin\?[^"]*scope=matching/);
    expect(movedHtml).toMatch(/<input type="hidden" name="scope" value="matching"\/>/);
    expect(await statesOf(ids)).toEqual(["waiting", "waiting"]);
    // The address carries it, so the page drawn from a link keeps it too.
    const listed = await fetchPage(`/admin${search}&scope=except`, { headers: { Cookie: admin.cookie } });
    expect(listed.html).toMatch(/checked="" value="except"/);
  });

  it("answers every bad press with a clear notice, never a failure of the server", async () => {
    const { ids, upto, search } = await queueOf(["new"]);
    const cases: { fields: [string, string][]; status: number; says: string }[] = [
      { fields: [["move", "spam"]], status: 400, says: "Nothing ticked" },
      {
        fields: [
          ["move", "spam"],
          ["scope", "matching"],
        ],
        status: 400,
        says: "newest message is missing",
      },
      {
        fields: [
          ["move", "spam"],
          ["scope", "except"],
        ],
        status: 400,
        says: "newest message is missing",
      },
      {
        fields: [
          ["move", "spam"],
          ["scope", "all"],
          ["upto", upto],
        ],
        status: 400,
        says: "Failed to move",
      },
      {
        fields: [
          ["move", "spam"],
          ["confirm", "x"],
        ],
        status: 400,
        says: "not one the site gave",
      },
      {
        fields: [
          ["move", "spam"],
          ["confirm", "a".repeat(52)],
        ],
        status: 409,
        says: "was used or has expired",
      },
    ];
    for (const { fields, status, says } of cases) {
      const response = await dashboardPost(admin.cookie, [["intent", "bulk-move"], ...fields], search);
      expect(response.status, JSON.stringify(fields)).toBe(status);
      expect(textOf(await response.text()), JSON.stringify(fields)).toContain(says);
    }
    // A confirmation is for its move alone, and once.
    const pressed = await dashboardPost(
      admin.cookie,
      [
        ["intent", "bulk-move"],
        ["move", "spam"],
        ["scope", "matching"],
        ["upto", upto],
      ],
      search,
    );
    const confirm = tokenIn(await pressed.text(), "confirm");
    const wrongMove = await dashboardPost(
      admin.cookie,
      [
        ["intent", "bulk-move"],
        ["move", "done"],
        ["confirm", confirm],
      ],
      search,
    );
    expect(wrongMove.status).toBe(409);
    expect(await statesOf(ids)).toEqual(["new"]);
    for (const undo of ["x", "b".repeat(52)]) {
      const response = await dashboardPost(admin.cookie, [
        ["intent", "bulk-undo"],
        ["undo", undo],
      ]);
      expect(response.status).toBeLessThan(500);
      expect(textOf(await response.text())).toMatch(/not one the site gave|Nothing to undo/);
    }
  });
});
