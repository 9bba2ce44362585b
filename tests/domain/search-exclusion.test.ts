import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { ANY_MESSAGE, parseContactFilter } from "../../app/lib/contact-filter";
import {
  excludedTerms,
  ftsExcluded,
  ftsMatch,
  searchTerms,
  shortTerms,
  textNote,
} from "../../app/lib/search-query";
import { adminSearch } from "../../app/server/admin/admin-search.server";
import { messageFacets } from "../../app/server/contact/message-facets.server";
import { messagesPage } from "../../app/server/contact/message-queue.server";
import { getDb } from "../../app/server/db.server";
import { contactSubmissions } from "../../db/schema";

// A search's `-word` terms (docs/decisions/176): what they mean in the index's query, and that no text a
// person can type, FTS5's own syntax included, makes the queue or the search box fail.

const db = getDb(env);

describe("a search's excluded words", () => {
  beforeAll(async () => {
    const texts = [
      "Buy exclzq with USDT now",
      "Exclzq application, paying with BTC",
      "Cheap SEO in Seoul exclzq",
    ];
    for (const [i, message] of texts.entries()) {
      await db
        .insert(contactSubmissions)
        .values({ firstName: "Ex", lastName: "Cl", email: `x${i}@example.org`, message });
    }
  });

  it("reads -word as a word to leave out, and -, -- or -ab as no exclusion", () => {
    expect(searchTerms("token -usdt")).toEqual(["token"]);
    expect(excludedTerms("token -usdt --seo -usdt")).toEqual(["usdt", "seo"]);
    expect(ftsMatch("token -usdt")).toBe('("token") NOT ("usdt")');
    expect(ftsMatch("token")).toBe('"token"');
    expect(ftsMatch("-usdt")).toBeNull();
    expect(ftsExcluded('-usdt -"x"y')).toBe('"usdt" OR """x""y"');
    expect(searchTerms("- --")).toEqual(["-", "--"]);
    expect(excludedTerms("- -- -ab")).toEqual([]);
    expect(shortTerms("token -ab")).toEqual(["-ab"]);
    expect(textNote("token -ab")).toBe('Left out, under 3 characters: "-ab".');
    expect(parseContactFilter(new URLSearchParams("q=-usdt")).query).toBe("-usdt");
    expect(parseContactFilter(new URLSearchParams("q=-ab")).query).toBeNull();
  });

  it("lists and counts what an exclusion alone keeps", async () => {
    const page = await messagesPage(db, { ...ANY_MESSAGE, query: "exclzq -usdt" }, 1, null, 50);
    expect(page.items.map((item) => item.message).sort()).toEqual([
      "Cheap SEO in Seoul exclzq",
      "Exclzq application, paying with BTC",
    ]);
    const alone = await messagesPage(db, { ...ANY_MESSAGE, query: "-usdt -seoul" }, 1, null, 50);
    expect(alone.items.map((item) => item.message)).toContain("Exclzq application, paying with BTC");
    expect(alone.items.map((item) => item.message)).not.toContain("Buy exclzq with USDT now");
    expect(alone.total).toBe(alone.items.length);
  });

  it("answers every hostile text without failing", async () => {
    const hostile = [
      "-",
      "--",
      '-"',
      '"-"',
      "- - -",
      "-*",
      "-usdt*",
      "NOT -usdt",
      "-NEAR(a b)",
      "-(x OR y)",
      "-state:n",
      "-^usdt",
      '-"usdt" OR "x"',
      "-\u0001n\u0001",
      "-Müller -王伟 -😀😀😀",
      "exclzq -exclzq",
      `${"-abc ".repeat(40)}`,
      "-'; DROP TABLE contact_submissions; --",
    ];
    for (const query of hostile) {
      const filter = { ...parseContactFilter(new URLSearchParams({ q: query })), state: "open" as const };
      await expect(messagesPage(db, filter, 1, null, 50), query).resolves.toBeTruthy();
      await expect(messageFacets(db, filter, 1, { asked: true }), query).resolves.toBeTruthy();
      await expect(adminSearch(db, new URLSearchParams({ q: query })), query).resolves.toBeTruthy();
    }
    const none = await messagesPage(db, { ...ANY_MESSAGE, query: "exclzq -exclzq" }, 1, null, 50);
    expect(none.items).toEqual([]);
  });
});
