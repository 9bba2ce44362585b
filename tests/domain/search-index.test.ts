import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { isClosedState, MESSAGE_STATES } from "../../app/lib/message-states";
import { ftsMatch, searchTerms } from "../../app/lib/search-query";
import {
  adminSearch,
  type RankCursor,
  rankCursor,
  searchMessages,
} from "../../app/server/admin/admin-search.server";
import { stateTerm } from "../../app/server/contact/messages-index.server";
import { getDb } from "../../app/server/db.server";
import { contactSubmissions, users } from "../../db/schema";

// The search index (docs/decisions/155): what a query means, what the triggers keep in step, how results
// rank and page.

const db = getDb(env);
let serial = 0;
/** A word no other row holds, nor holds another marker within it (it ends in "q", which no serial has). */
function marker(): string {
  serial += 1;
  return `zq${Date.now().toString(36)}x${serial.toString(16)}q`;
}

async function message(facts: Partial<typeof contactSubmissions.$inferInsert> = {}) {
  const [row] = await db
    .insert(contactSubmissions)
    .values({
      firstName: "Ada",
      lastName: "Lovelace",
      email: `${marker()}@example.org`,
      message: "Hello",
      // A closed state is a processed message: D1 holds the two together (CHECK contact_closed).
      isProcessed: facts.state !== undefined && isClosedState(facts.state),
      ...facts,
    })
    .returning({ id: contactSubmissions.id });
  if (!row) throw new Error("not inserted");
  return row.id;
}

async function person(facts: Partial<typeof users.$inferInsert> = {}) {
  const [row] = await db
    .insert(users)
    .values({
      email: `${marker()}@example.org`,
      password: "x",
      firstName: "Grace",
      lastName: "Hopper",
      ...facts,
    })
    .returning({ id: users.id });
  if (!row) throw new Error("not inserted");
  return row.id;
}

async function search(q: string, extra: Record<string, string> = {}) {
  return adminSearch(db, new URLSearchParams({ q, ...extra }));
}
/** FTS5's own check of the messages' index against the rows it indexes (it throws on a difference). */
async function integrity(): Promise<boolean> {
  await env.DB.prepare(
    "INSERT INTO messages_search(messages_search, rank) VALUES ('integrity-check', 1)",
  ).run();
  return true;
}
const messageIds = async (q: string) => (await search(q)).messages?.items.map((hit) => hit.id) ?? [];
const personIds = async (q: string) => (await search(q)).people?.items.map((hit) => hit.id) ?? [];

describe("a query as FTS5 reads it", () => {
  it("quotes every word, doubles inner quotes, and keeps operators as text", () => {
    expect(ftsMatch('say "hi" NEAR(a b) col:x -y ^z * AND OR')).toBe('"say" """hi""" "NEAR(a" "col:x" "AND"');
    expect(ftsMatch("NEAR(abc def) col:val -foo ^bar ab*c AND")).toBe(
      '("NEAR(abc" "def)" "col:val" "^bar" "ab*c" "AND") NOT ("foo")',
    );
    expect(ftsMatch('a"b"c')).toBe('"a""b""c"');
  });

  it("leaves out words under 3 characters, control characters and repeats; nothing left is no query", () => {
    expect(ftsMatch("ab cd")).toBeNull();
    expect(ftsMatch("  \u0000 ")).toBeNull();
    expect(ftsMatch("王伟 先生们")).toBe('"先生们"');
    expect(searchTerms("abc abc\u0000def")).toEqual(["abc", "def"]);
  });

  it("holds each state in the index as one trigram no query can hold, a letter no other state starts with", () => {
    for (const state of MESSAGE_STATES) {
      const term = Array.from(stateTerm(state).replaceAll('"', ""));
      expect(term).toEqual(["\u0001", state.charAt(0), "\u0001"]);
      expect(MESSAGE_STATES.filter((other) => other.charAt(0) === state.charAt(0))).toEqual([state]);
      expect(searchTerms(term.join(""))).toEqual([state.charAt(0)]);
    }
  });

  it("reads a cursor only in its own shape", () => {
    expect(rankCursor("-1.5_12_3")).toEqual({ score: -1.5, id: 12, floor: 3 });
    expect(rankCursor("-1.2e-7_12_0")).toEqual({ score: -1.2e-7, id: 12, floor: 0 });
    for (const raw of [
      "",
      "1_2",
      "x_1_2",
      "1_-2_3",
      "NaN_1_1",
      "1..2_1_1",
      "1_1_1_1",
      `1_${"9".repeat(16)}_1`,
    ]) {
      expect(rankCursor(raw)).toBeNull();
    }
  });
});

describe("the index kept in step by triggers", () => {
  it("finds a new message, follows an edit, and forgets a deleted one", async () => {
    const word = marker();
    const id = await message({ message: `Payment in USDT, ${word} please.` });
    expect(await messageIds(word)).toEqual([id]);
    const other = marker();
    await db
      .update(contactSubmissions)
      .set({ message: `Now ${other}.` })
      .where(eq(contactSubmissions.id, id));
    expect(await messageIds(word)).toEqual([]);
    expect(await messageIds(other)).toEqual([id]);
    // The state is in the index too (migration 0025): a change of it indexes the message again.
    await db
      .update(contactSubmissions)
      .set({ state: "spam", isProcessed: true })
      .where(eq(contactSubmissions.id, id));
    expect(await messageIds(other)).toEqual([id]);
    expect(await integrity()).toBe(true);
    await db.delete(contactSubmissions).where(eq(contactSubmissions.id, id));
    expect(await messageIds(other)).toEqual([]);
    expect(await integrity()).toBe(true);
  });

  it("reads a person's words in what a message says, never in its state", async () => {
    const word = marker();
    const ids = await Promise.all(
      (["new", "waiting", "done", "spam"] as const).map((state) =>
        message({ message: `Hello ${word}`, state }),
      ),
    );
    expect((await messageIds(word)).sort()).toEqual(ids.sort());
    for (const state of ["new", "wai", "waiting", "don", "done", "spa", "spam"]) {
      const found = await messageIds(`${word} ${state}`);
      expect([state, found]).toEqual([state, []]);
    }
  });

  it("finds a person by name, address or company, follows a change, and forgets a deleted one", async () => {
    const company = marker();
    const id = await person({ company });
    expect(await personIds(company)).toEqual([id]);
    const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, id));
    expect(await personIds(row?.email ?? "")).toEqual([id]);
    const renamed = marker();
    await db.update(users).set({ lastName: renamed }).where(eq(users.id, id));
    expect(await personIds(renamed)).toEqual([id]);
    await db.delete(users).where(eq(users.id, id));
    expect(await personIds(renamed)).toEqual([]);
    expect(await personIds(company)).toEqual([]);
  });
});

describe("matching and ranking", () => {
  it("matches any 3 characters of a word, in any script, accents and case ignored", async () => {
    const word = marker();
    const chinese = await message({ firstName: "王伟", message: `我们希望购买代币 ${word}` });
    const arabic = await message({ lastName: "الحسن", message: `نرغب في شراء الرموز ${word}` });
    const accented = await message({ lastName: "Müller-Łukasz", message: `Grüne Straße ${word}` });
    expect(await messageIds(`购买代币 ${word}`)).toEqual([chinese]);
    expect(await messageIds(`الحسن ${word}`)).toEqual([arabic]);
    expect(await messageIds(`MULLER ${word}`)).toEqual([accented]);
    expect(await messageIds(`grune ${word.slice(2, 9).toUpperCase()}`)).toEqual([accented]);
    expect(await messageIds(`🙂🙂🙂 ${word}`)).toEqual([]);
  });

  it("means FTS5's operators and quotes literally", async () => {
    const word = marker();
    const literal = await message({ message: `Use "NEAR(a b)" and C++ or -x:y ^z * ${word}` });
    const other = await message({ message: `Near a b, C plus, x y z ${word}` });
    expect(await messageIds(`"NEAR(a ${word}`)).toEqual([literal]);
    expect(await messageIds(`C++ ${word}`)).toEqual([literal]);
    expect(await messageIds(`x:y ${word}`)).toEqual([literal]);
    // A leading "-" leaves out the messages holding the rest, read literally too (decision 176).
    expect(await messageIds(`-x:y ${word}`)).toEqual([other]);
    for (const hostile of ['"', '""', "NEAR(", "a OR", "AND", "*", "^", ":", "-", "(((", "col:*"]) {
      await expect(search(`${hostile} ${word}`)).resolves.toBeDefined();
    }
  });

  it("ranks a match in a name above one in a message's text", async () => {
    const word = marker();
    const inText = await message({ message: `About ${word} and more words here` });
    const inName = await message({ lastName: word });
    expect(await messageIds(word)).toEqual([inName, inText]);
  });
});

describe("paging by keyset", () => {
  it("pages through equal scores by id: no row twice, none missed", async () => {
    const word = marker();
    const email = `${marker()}@example.org`;
    const ids: number[] = [];
    // Rows alike in every indexed column score alike: only the id orders them.
    for (let index = 0; index < 23; index += 1) ids.push(await message({ email, message: `Same ${word}` }));
    const seen: number[] = [];
    let cursor: RankCursor | null = null;
    for (let page = 0; page < 10; page += 1) {
      const found = await searchMessages(db, { match: `"${word}"` }, cursor, 5);
      seen.push(...found.items.map((hit) => hit.id));
      expect(found.total).toBe(23);
      if (!found.next) break;
      cursor = rankCursor(found.next);
    }
    expect(seen).toEqual([...ids].sort((a, b) => a - b));
  });

  it("pages short words alone through whole names, oldest first, and never a piece of a longer name", async () => {
    const last = "Qz";
    const ids: number[] = [];
    for (let index = 0; index < 12; index += 1) ids.push(await message({ lastName: last, message: "Hello" }));
    await message({ lastName: `${last}x`, message: "Hello" });
    const seen: number[] = [];
    let cursor: RankCursor | null = null;
    for (let page = 0; page < 5; page += 1) {
      const found = await searchMessages(db, { names: [last.toLowerCase()] }, cursor, 5);
      seen.push(...found.items.map((hit) => hit.id));
      expect(found.total).toBe(12);
      if (!found.next) break;
      cursor = rankCursor(found.next);
    }
    expect(seen).toEqual(ids);
  });

  it("pages one section from the address, and a forged cursor starts again at the first page", async () => {
    const word = marker();
    for (let index = 0; index < 12; index += 1) await message({ message: `Paged ${word}` });
    const first = await search(word);
    expect(first.messages?.items).toHaveLength(10);
    const all = await search(word, { in: "messages" });
    expect(all.people).toBeNull();
    expect(all.messages?.items).toHaveLength(12);
    expect(all.messages?.next).toBeNull();
    const forged = await search(word, { in: "messages", after: "1e999_1_1" });
    expect(forged.messages?.items).toHaveLength(12);
  });
});
