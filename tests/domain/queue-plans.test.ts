import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { ANY_MESSAGE, type ContactFilter } from "../../app/lib/contact-filter";
import { messageFacets } from "../../app/server/contact/message-facets.server";
import { messagesPage, queueText } from "../../app/server/contact/message-queue.server";
import { COUNT_READS, planOf } from "../../app/server/contact/queue-text.server";
import { getDb } from "../../app/server/db.server";
import { users } from "../../db/schema";

// The queue's three ways of reading a text (docs/decisions/160): each filter here is priced to a
// different plan, and every plan must list, page after page, exactly the messages a plain reading of the
// rows selects, in the queue's order; a count, where one is given, must be the true one.

const db = getDb(env);
const WORD = "plantest";
/** A word of the first 3,000 messages only: common once, then no more. */
const BURST = "burstword";
const PAGE = 50;

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

const truth = (where: string, direction: "ASC" | "DESC") => truthOf(WORD, where, direction);

/** Every page of the filter as the queue lists it, and the count its first page gave. */
async function listed(filter: ContactFilter, admin: number) {
  const text = await queueText(db, filter, admin, { facets: true });
  if (!text) throw new Error("no text");
  const ids: number[] = [];
  let cursor: { at: number; id: number } | null = null;
  let total: number | null = null;
  for (let page = 0; page < 5; page += 1) {
    const result = await messagesPage(db, filter, admin, cursor, PAGE, text);
    if (page === 0) total = result.total;
    ids.push(...result.items.map((item) => item.id));
    if (!result.next) break;
    const [at, id] = result.next.split(".").map(Number);
    cursor = { at: at ?? 0, id: id ?? 0 };
  }
  return { ids, total, plan: planOf(text, PAGE + 1).plan };
}

describe("the queue's plans for a text", () => {
  let admin: number;

  beforeAll(async () => {
    const [row] = await db
      .insert(users)
      .values({ email: "plans@example.org", password: "x", firstName: "P", lastName: "Q", userTypeId: 1 })
      .returning({ id: users.id });
    admin = row?.id ?? 0;
    // 84,000 messages, one a second from 2024-01-01. The even ones hold the word: New (Waiting one in ten),
    // and one in seven held by the admin; one in 150 of them is about area 4. Of the odd ones, one in
    // five is New and about area 4, the rest Spam. So "mine" is best probed, area 4 (few of its messages
    // hold the word) best scanned, and Spam (few hold it) best read from the matches.
    const start = Math.floor(Date.parse("2024-01-01T00:00:00Z") / 1000);
    await env.DB.prepare(
      `INSERT INTO contact_submissions (first_name, last_name, email, message, user_type_id, state, is_processed, claimed_by, created_at)
       WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 84000)
       SELECT 'Plan', 'Test', 'p' || i || '@example.com',
         CASE WHEN i % 2 = 0 THEN 'About ${WORD} ' || i ELSE 'Something else ' || i END
           || CASE WHEN i <= 3000 THEN ' ${BURST}' ELSE '' END,
         CASE WHEN i % 10 = 3 OR i % 300 = 2 THEN 4 ELSE 2 END,
         CASE WHEN i % 2 = 1 AND i % 10 != 3 THEN 'spam' WHEN i % 20 = 0 THEN 'waiting' ELSE 'new' END,
         CASE WHEN i % 2 = 1 AND i % 10 != 3 THEN 1 ELSE 0 END,
         CASE WHEN i % 14 = 0 THEN ? END, ? + i FROM n`,
    )
      .bind(admin, start)
      .run();
    // One in seventy-five of those holding the word is then marked Spam: the index must follow a change of state
    // (migration 0025), or the Spam view below would miss them.
    await env.DB.prepare(
      `UPDATE contact_submissions SET state = 'spam', is_processed = 1
       WHERE email LIKE 'p%@example.com' AND (created_at - ?) % 150 = 0`,
    )
      .bind(start)
      .run();
  });

  it("lists what the rows hold under every plan, and counts it truly or not at all", async () => {
    const cases: { filter: Partial<ContactFilter>; where: string; direction: "ASC" | "DESC" }[] = [
      { filter: {}, where: "is_processed = 0", direction: "ASC" },
      { filter: { holder: "me" }, where: `is_processed = 0 AND claimed_by = ${admin}`, direction: "ASC" },
      { filter: { state: "spam" }, where: "state = 'spam'", direction: "DESC" },
      { filter: { area: 4 }, where: "is_processed = 0 AND user_type_id = 4", direction: "ASC" },
    ];
    const plans = new Set<string>();
    for (const { filter, where, direction } of cases) {
      const queue = { ...ANY_MESSAGE, ...filter, query: WORD };
      const { ids, total, plan } = await listed(queue, admin);
      const expected = (await truth(where, direction)).slice(0, 5 * PAGE);
      plans.add(plan);
      expect([filter, ids]).toEqual([filter, expected]);
      const all = (await truth(where, direction)).length;
      if (total !== null) expect([filter, total]).toEqual([filter, all > 10_000 ? 10_001 : all]);
    }
    expect([...plans].sort()).toEqual(["matches", "probe", "scan"]);
  });

  it("counts a common text up to COUNT_READS + 1 and prices its plans from the span of its first ids", async () => {
    const text = await queueText(db, { ...ANY_MESSAGE, query: WORD }, admin, { facets: true });
    expect(text?.held).toBe(COUNT_READS + 1);
    expect(text?.estimate).toBeGreaterThan(40_000);
    expect(text?.estimate).toBeLessThan(44_000);
  });

  it("counts a word common once and then no more, whose first ids span few", async () => {
    // All of the first 3,000 hold it: its span alone would take it for a word of every message.
    const filter = { ...ANY_MESSAGE, query: BURST };
    const text = await queueText(db, filter, admin, { facets: true });
    const open = (await truthOf(BURST, "is_processed = 0")).length;
    expect(text?.anyState.held).toBe(3_000);
    expect(text?.held).toBe(open);
    expect((await messagesPage(db, filter, admin, null, PAGE, text)).total).toBe(open);
    const facets = await messageFacets(db, filter, admin, text);
    expect(facets.counted).toBe(true);
    expect(facets.state.open).toBe(open);
  });
});
