import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { COUNT_READS } from "../../app/server/contact/queue-text.server";
import { fetchPage, fetchWorker, textOf } from "./support";
import { signedInCookie, uniqueEmail } from "./support-accounts";
import { insertContact } from "./support-mail";
import { apiList } from "./support-queue";

// The queue's text filter (docs/decisions/158, 160, 175): it means what the search box means, every word
// of three characters or more anywhere, case and accents aside, read from the search index's matches a
// run of days at a time, whether a word is in one message or in most. Short words alone are whole names
// or companies; a count that would read past COUNT_READS of the index's matches is left out, unless it
// passes the cap among them; the counts beside the filters past the cap wait until asked for.

const SECOND = 1000;

/** `count` messages holding `text`, in `state`, received one second apart from `from` (seconds). */
async function insertMany(count: number, text: string, state: "new" | "spam", from: number, area = 2) {
  await env.DB.prepare(
    `INSERT INTO contact_submissions (first_name, last_name, email, message, user_type_id, state, is_processed, created_at)
     WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
     SELECT 'Many', 'Senders', 'many' || i || '@example.com', ?, ?, ?, ?, ? + i FROM n`,
  )
    .bind(count, text, area, state, state === "spam" ? 1 : 0, from)
    .run();
}

describe("the queue's text filter", () => {
  let cookie: string;
  const marker = `tx${Date.now().toString(36)}`;

  beforeAll(async () => {
    cookie = (await signedInCookie({ admin: true })).cookie;
  });

  it("finds every word anywhere, whatever its case and accents", async () => {
    const names = { umlaut: "Müller", plain: "Muller", upper: "MÜLLER", other: "Meyer" };
    const ids: Record<string, number> = {};
    for (const [name, lastName] of Object.entries(names)) {
      const row = await insertContact({
        last_name: lastName,
        company: `${marker} Capital`,
        email: uniqueEmail(name),
        message: name === "other" ? "Hello %_ there" : "Hello",
      });
      ids[name] = row.id;
    }
    const found = async (query: string) => {
      const { items } = await apiList(cookie, `?q=${encodeURIComponent(query)}`);
      return Object.entries(ids)
        .filter(([, id]) => items.some((item) => item.id === id))
        .map(([name]) => name)
        .sort();
    };
    expect(await found(`muller ${marker}`)).toEqual(["plain", "umlaut", "upper"]);
    expect(await found(`${marker} Müller`)).toEqual(["plain", "umlaut", "upper"]);
    // Words in any order and any column; a word under three characters beside them is left out, as the
    // search box leaves it.
    expect(await found(`capital ${marker} %_`)).toEqual(["other", "plain", "umlaut", "upper"]);
    const page = await fetchPage(`/admin?tab=contacts&q=${encodeURIComponent(`capital ${marker} %_`)}`, {
      headers: { Cookie: cookie },
    });
    expect(textOf(page.html)).toContain('Left out, under 3 characters: "%_".');
  });

  it("takes short words alone for whole first names, last names or companies", async () => {
    const people = {
      liWu: { first_name: "Li", last_name: "Wu", company: null },
      wuLi: { first_name: "Wu", last_name: "Li", company: "HP" },
      olivia: { first_name: "Olivia", last_name: "Wuest", company: "Li & Wu Ltd" },
      hp: { first_name: "Ana", last_name: "Hp", company: "HP" },
    };
    const ids: Record<string, number> = {};
    for (const [key, person] of Object.entries(people)) {
      ids[key] = (
        await insertContact({ ...person, email: uniqueEmail(key), message: "li wu hp in the text" })
      ).id;
    }
    const found = async (query: string) => {
      const { items } = await apiList(cookie, `?q=${encodeURIComponent(query)}`);
      return Object.keys(ids)
        .filter((key) => items.some((item) => item.id === ids[key]))
        .sort();
    };
    // Every word a whole name or company, in any order, ASCII case aside; never a piece of a longer one,
    // nor words in the message's text.
    expect(await found("li WU")).toEqual(["liWu", "wuLi"]);
    expect(await found("hp")).toEqual(["hp", "wuLi"]);
    expect(await found("Li hp")).toEqual(["wuLi"]);
    expect(await found("i")).toEqual([]);
    const page = await fetchPage("/admin?tab=contacts&q=Li", { headers: { Cookie: cookie } });
    expect(textOf(page.html)).toContain(
      "Under 3 characters, each word is matched as a whole first name, last name or company.",
    );
  });

  it("leaves out a count that would read too many of the index's matches, and lists the messages", async () => {
    const word = `common${marker}`;
    const start = Math.floor(Date.parse("2024-09-01T00:00:00Z") / SECOND);
    await insertMany(COUNT_READS + 1, `About ${word}`, "new", start);
    await insertMany(60, `Spam about ${word}`, "spam", start + COUNT_READS + 10);
    await insertMany(60, `Area four about ${word}`, "new", start + COUNT_READS + 100, 4);
    // Sixty Spam among more than COUNT_READS: the index holds the state (docs/decisions/161), so they are
    // read and counted alone, newest first.
    const spam = await apiList(cookie, `?q=${word}&state=spam`);
    expect(spam.items).toHaveLength(50);
    expect(spam.items.every((item) => item.state === "spam")).toBe(true);
    expect(spam.total).toBe(60);
    const next = /<\/api\/admin\/contacts(\?[^>]*)>; rel="next"/.exec(spam.next ?? "")?.[1] ?? "";
    expect((await apiList(cookie, decodeURIComponent(next))).items).toHaveLength(10);
    // Sixty of area 4, none among the first COUNT_READS open ones: listed, but not counted, and the API
    // sends no total rather than a wrong one.
    const area = await apiList(cookie, `?q=${word}&area=4`);
    expect(area.items).toHaveLength(50);
    expect(area.items.every((item) => item.userTypeId === 4)).toBe(true);
    const response = await fetchWorker(`/api/admin/contacts?q=${word}&area=4`, {
      headers: { Cookie: cookie },
    });
    expect(response.headers.get("X-Total-Count")).toBeNull();
    const page = textOf(
      (await fetchPage(`/admin?tab=contacts&q=${word}&area=4`, { headers: { Cookie: cookie } })).html,
    );
    expect(page).toContain("Not counted");
    expect(page).toContain("All matching");
    expect(page).toContain("No counts under a text. Show counts");
    // Asked for, they are read among the first COUNT_READS matches: past the cap, or not counted.
    const asked = textOf(
      (await fetchPage(`/admin?tab=contacts&q=${word}&facets=1`, { headers: { Cookie: cookie } })).html,
    );
    expect(asked).not.toContain("No counts");
    expect(asked).toMatch(/Open \(\s*10,000\+\s*\)/);
    expect(asked).toMatch(/Spam \(\s*not counted\s*\)/);
    // A first page that holds them all is their count.
    await insertMany(3, `Waiting about ${word}`, "spam", start - 100);
    await env.DB.prepare(
      "UPDATE contact_submissions SET state = 'waiting', is_processed = 0 WHERE created_at < ? AND message LIKE 'Waiting about %'",
    )
      .bind(start)
      .run();
    expect((await apiList(cookie, `?q=${word}&state=waiting`)).total).toBe(3);
    // Narrowed to a day, the index reads that day's matches alone: counted, with the counts beside the filters.
    await insertMany(
      5,
      `Later about ${word}`,
      "new",
      Math.floor(Date.parse("2024-09-05T10:00:00Z") / SECOND),
    );
    const day = "from=2024-09-05&to=2024-09-05";
    expect((await apiList(cookie, `?q=${word}&${day}`)).total).toBe(5);
    const dayPage = textOf(
      (await fetchPage(`/admin?tab=contacts&q=${word}&${day}&facets=1`, { headers: { Cookie: cookie } }))
        .html,
    );
    expect(dayPage).toContain("All 5 matching");
    expect(dayPage).not.toContain("No counts");
    expect(dayPage).toMatch(/Open \(\s*5\s*\)/);
    // Open ones pass the cap among the first COUNT_READS: "10,000+", as ever.
    expect((await apiList(cookie, `?q=${word}`)).total).toBe(10_001);
    expect(
      textOf((await fetchPage(`/admin?tab=contacts&q=${word}`, { headers: { Cookie: cookie } })).html),
    ).toContain("10,000+ in all");
  });

  it("takes a query with no word in it (control characters) for no query", async () => {
    const all = await apiList(cookie, "");
    const none = await apiList(cookie, "?q=%01%02%20%7F");
    expect(none.total).toBe(all.total);
    expect(none.items.map((item) => item.id)).toEqual(all.items.map((item) => item.id));
  });

  it("lists a word that most messages hold in the queue's order, page after page, and counts it", async () => {
    const word = `dense${marker}`;
    const start = Math.floor(Date.parse("2024-03-01T00:00:00Z") / SECOND);
    await insertMany(2_100, `About ${word}`, "new", start);
    const seen: number[] = [];
    let query = `?q=${word}`;
    let total = 0;
    for (let page = 0; page < 3; page += 1) {
      const list = await apiList(cookie, query);
      total = list.total;
      seen.push(...list.items.map((item) => item.id));
      if (!list.next) break;
      query = decodeURIComponent(/<\/api\/admin\/contacts(\?[^>]*)>; rel="next"/.exec(list.next)?.[1] ?? "");
    }
    expect(total).toBe(2_100);
    expect(seen).toHaveLength(150);
    expect(new Set(seen).size).toBe(150);
    // Oldest first: the ids were given in the order of arrival.
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
  });

  it("still finds the few that hold it when the first thousand of a state do not", async () => {
    const word = `rare${marker}`;
    const start = Math.floor(Date.parse("2024-06-01T00:00:00Z") / SECOND);
    // Dense overall, but Spam's newest 1,200 never hold it: its three are older, and arrived last.
    await insertMany(2_100, `About ${word}`, "new", start);
    await insertMany(1_200, "Buy followers now", "spam", start + 10_000);
    await insertMany(3, `Spam about ${word}`, "spam", start - 10_000);
    const spam = await apiList(cookie, `?q=${word}&state=spam`);
    expect(spam.items).toHaveLength(3);
    expect(spam.total).toBe(3);
  });
});
