import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { ANY_MESSAGE, type ContactFilter } from "../../app/lib/contact-filter";
import { messageFacets } from "../../app/server/contact/message-facets.server";
import { messagesPage } from "../../app/server/contact/message-queue.server";
import { getDb } from "../../app/server/db.server";
import { users } from "../../db/schema";

// The queue's one plan for a text (docs/decisions/175): the search index's matches read a run of days at
// a time in the queue's order. Whatever the filters, the direction, how far apart the text's messages
// lie and whether ids follow arrival, it must list, page after page, exactly the messages a plain reading
// of the rows selects, in the queue's order; a count, where one is given, must be the true one.

const db = getDb(env);
const WORD = "plantest";
/** A word of the first 3,000 messages only: common once, then no more. */
const BURST = "burstword";
const PAGE = 50;
const START = Math.floor(Date.parse("2024-01-01T00:00:00Z") / 1000);
const day = (offset: number) => new Date((START + offset * 86_400) * 1000).toISOString().slice(0, 10);

/** Every message holding `word` that `where` selects, as a plain reading of the rows finds them. */
async function truthOf(word: string, where: string, direction: "ASC" | "DESC" = "ASC"): Promise<number[]> {
  const { results } = await env.DB.prepare(
    `SELECT id FROM contact_submissions WHERE instr(message, ?) > 0 AND ${where}
     ORDER BY created_at ${direction}, id ${direction}`,
  )
    .bind(word)
    .all<{ id: number }>();
  return results.map((row) => row.id);
}

/** Every page of the filter as the queue lists it, up to `pages`, and the count its first page gave. */
async function listed(filter: ContactFilter, admin: number, pages = 5) {
  const ids: number[] = [];
  let cursor: { at: number; id: number } | null = null;
  let total: number | null = null;
  for (let page = 0; page < pages; page += 1) {
    const result = await messagesPage(db, filter, admin, cursor, PAGE);
    if (page === 0) total = result.total;
    ids.push(...result.items.map((item) => item.id));
    if (!result.next) break;
    const [at, id] = result.next.split(".").map(Number);
    cursor = { at: at ?? 0, id: id ?? 0 };
  }
  return { ids, total };
}

describe("the queue's plan for a text", () => {
  let admin: number;

  beforeAll(async () => {
    const [row] = await db
      .insert(users)
      .values({ email: "plans@example.org", password: "x", firstName: "P", lastName: "Q", userTypeId: 1 })
      .returning({ id: users.id });
    admin = row?.id ?? 0;
    // 84,000 messages, one every 10 seconds from 2024-01-01 (ten days). The even ones hold the word: New
    // (Waiting one in ten), and one in seven held by the admin; one in 150 of them is about area 4 (and one
    // in 600, which will be Spam). Of the odd ones, one in five is New and about area 4, the rest Spam. So
    // a page of "mine" fills within a day, one of area 4 (few of its messages hold the word) needs several
    // runs of days, in either direction.
    await env.DB.prepare(
      `INSERT INTO contact_submissions (first_name, last_name, email, message, user_type_id, state, is_processed, claimed_by, created_at)
       WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 84000)
       SELECT 'Plan', 'Test', 'p' || i || '@example.com',
         CASE WHEN i % 2 = 0 THEN 'About ${WORD} ' || i ELSE 'Something else ' || i END
           || CASE WHEN i <= 3000 THEN ' ${BURST}' ELSE '' END,
         CASE WHEN i % 10 = 3 OR i % 300 = 2 OR i % 1200 = 0 THEN 4 ELSE 2 END,
         CASE WHEN i % 2 = 1 AND i % 10 != 3 THEN 'spam' WHEN i % 20 = 0 THEN 'waiting' ELSE 'new' END,
         CASE WHEN i % 2 = 1 AND i % 10 != 3 THEN 1 ELSE 0 END,
         CASE WHEN i % 14 = 0 THEN ? END, ? + 10 * i FROM n`,
    )
      .bind(admin, START)
      .run();
    // One in three of those holding the word is then marked Spam (14,000, newest first past the cap): the
    // index must follow a change of state (migration 0025), or the Spam view below would miss them.
    await env.DB.prepare(
      `UPDATE contact_submissions SET state = 'spam', is_processed = 1
       WHERE email LIKE 'p%@example.com' AND (created_at - ?) % 60 = 0`,
    )
      .bind(START)
      .run();
    // Ids that do not follow arrival: 400 arrive last but are dated across the ten days, among them.
    await env.DB.prepare(
      `INSERT INTO contact_submissions (first_name, last_name, email, message, user_type_id, state, is_processed, created_at)
       WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 400)
       SELECT 'Late', 'Test', 'late' || i || '@example.com', 'Late ${WORD} ' || i,
         CASE WHEN i % 2 = 0 THEN 4 ELSE 2 END, CASE WHEN i % 3 = 0 THEN 'spam' ELSE 'new' END,
         CASE WHEN i % 3 = 0 THEN 1 ELSE 0 END, ? + 2101 * i + 5 FROM n`,
    )
      .bind(START)
      .run();
  });

  it("lists what the rows hold, page after page, and counts it truly or not at all", async () => {
    const days = `created_at >= ${START + 2 * 86_400} AND created_at < ${START + 4 * 86_400}`;
    const cases: { filter: Partial<ContactFilter>; where: string; direction: "ASC" | "DESC" }[] = [
      { filter: {}, where: "is_processed = 0", direction: "ASC" },
      { filter: { holder: "me" }, where: `is_processed = 0 AND claimed_by = ${admin}`, direction: "ASC" },
      { filter: { state: "spam" }, where: "state = 'spam'", direction: "DESC" },
      { filter: { area: 4 }, where: "is_processed = 0 AND user_type_id = 4", direction: "ASC" },
      { filter: { state: "spam", area: 4 }, where: "state = 'spam' AND user_type_id = 4", direction: "DESC" },
      {
        filter: { from: day(2), to: day(3), area: 4 },
        where: `is_processed = 0 AND user_type_id = 4 AND ${days}`,
        direction: "ASC",
      },
      {
        filter: { state: "waiting", from: day(2) },
        where: `state = 'waiting' AND created_at >= ${START + 2 * 86_400}`,
        direction: "ASC",
      },
    ];
    for (const { filter, where, direction } of cases) {
      const { ids, total } = await listed({ ...ANY_MESSAGE, ...filter, query: WORD }, admin);
      const all = await truthOf(WORD, where, direction);
      expect([filter, ids]).toEqual([filter, all.slice(0, 5 * PAGE)]);
      if (total !== null)
        expect([filter, total]).toEqual([filter, all.length > 10_000 ? 10_001 : all.length]);
    }
  });

  it("reads a rare selection to its end, every page of it", async () => {
    const filter = { ...ANY_MESSAGE, state: "spam" as const, area: 4, query: WORD };
    const { ids } = await listed(filter, admin, 100);
    expect(ids).toEqual(await truthOf(WORD, "state = 'spam' AND user_type_id = 4", "DESC"));
  });

  it("says 10,000+ of a common text, and leaves out a count its first matches cannot tell", async () => {
    const open = await messagesPage(db, { ...ANY_MESSAGE, query: WORD }, admin, null, PAGE);
    expect(open.total).toBe(10_001);
    const area = await messagesPage(db, { ...ANY_MESSAGE, area: 4, query: WORD }, admin, null, PAGE);
    expect(area.total).toBeNull();
  });

  it("counts a word common once and then no more, beside the filters when asked", async () => {
    const filter = { ...ANY_MESSAGE, query: BURST };
    const open = (await truthOf(BURST, "is_processed = 0")).length;
    expect((await messagesPage(db, filter, admin, null, PAGE)).total).toBe(open);
    expect((await messageFacets(db, filter, admin, { asked: false })).counted).toBe(false);
    const facets = await messageFacets(db, filter, admin, { asked: true });
    expect(facets.counted).toBe(true);
    expect(facets.state.open).toBe(open);
    expect(facets.state.spam).toBe((await truthOf(BURST, "state = 'spam'")).length);
  });

  it("counts a common text beside the filters only when asked: past the cap, or not counted", async () => {
    const filter = { ...ANY_MESSAGE, query: WORD };
    expect((await messageFacets(db, filter, admin, { asked: false })).counted).toBe(false);
    const facets = await messageFacets(db, filter, admin, { asked: true });
    expect(facets.counted).toBe(true);
    expect(facets.state.open).toBeGreaterThan(10_000);
    expect(facets.state.spam).toBeNull();
    expect(facets.area["4"]).toBeNull();
    // Narrowed to two days, the text's messages there are few enough to count every one.
    const days = { ...filter, from: day(2), to: day(3) };
    const within = `created_at >= ${START + 2 * 86_400} AND created_at < ${START + 4 * 86_400}`;
    const narrow = await messageFacets(db, days, admin, { asked: true });
    expect(narrow.state.spam).toBe((await truthOf(WORD, `state = 'spam' AND ${within}`)).length);
  });

  it("leaves out the messages holding a `-word`, beside words or alone, as a reading in JavaScript does", async () => {
    const { results: rows } = await env.DB.prepare(
      "SELECT id, message, state, user_type_id AS area, created_at AS at FROM contact_submissions",
    ).all<{ id: number; message: string; state: string; area: number | null; at: number }>();
    const oracle = (keep: (row: (typeof rows)[number]) => boolean, direction: "asc" | "desc") =>
      rows
        .filter(keep)
        .sort((a, b) => (direction === "asc" ? 1 : -1) * (a.at - b.at || a.id - b.id))
        .map((row) => row.id);
    const holds = (row: { message: string }, word: string) => row.message.toLowerCase().includes(word);
    const open = (row: { state: string }) => row.state === "new" || row.state === "waiting";
    const cases: {
      filter: Partial<ContactFilter>;
      keep: (row: (typeof rows)[number]) => boolean;
      direction: "asc" | "desc";
      counted?: boolean;
    }[] = [
      {
        filter: { query: `${WORD} -${BURST}` },
        keep: (row) => open(row) && holds(row, WORD) && !holds(row, BURST),
        direction: "asc",
      },
      {
        filter: { query: `-${BURST} ${WORD}`, state: "spam", area: 4 },
        keep: (row) => row.state === "spam" && row.area === 4 && holds(row, WORD) && !holds(row, BURST),
        direction: "desc",
      },
      {
        filter: { query: `-${BURST}` },
        keep: (row) => open(row) && !holds(row, BURST),
        direction: "asc",
        counted: true,
      },
      {
        filter: { query: `-${BURST.toUpperCase()} -zzqqxx`, state: "spam" },
        keep: (row) => row.state === "spam" && !holds(row, BURST),
        direction: "desc",
        counted: true,
      },
      // A word too many messages hold to count what it leaves out: listed all the same, not counted.
      {
        filter: { query: `-${WORD}`, area: 4 },
        keep: (row) => open(row) && row.area === 4 && !holds(row, WORD),
        direction: "asc",
      },
    ];
    for (const { filter, keep, direction, counted } of cases) {
      const { ids, total } = await listed({ ...ANY_MESSAGE, ...filter }, admin);
      const all = oracle(keep, direction);
      expect([filter, ids]).toEqual([filter, all.slice(0, 5 * PAGE)]);
      if (counted) expect([filter, total]).toEqual([filter, all.length]);
      else if (total !== null) expect([filter, total]).toEqual([filter, Math.min(all.length, 10_001)]);
    }
    const facets = await messageFacets(db, { ...ANY_MESSAGE, query: `-${BURST}` }, admin, { asked: true });
    expect(facets.state.spam).toBe(oracle((row) => row.state === "spam" && !holds(row, BURST), "asc").length);
    expect(facets.area["4"]).toBe(
      oracle((row) => open(row) && row.area === 4 && !holds(row, BURST), "asc").length,
    );
  });
});
