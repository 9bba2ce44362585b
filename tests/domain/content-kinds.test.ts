import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { mediaListLead } from "../../app/content/media";
import { documentFromForm } from "../../app/lib/content-kinds/fields";
import { CONTENT_KINDS, CONTENT_NAMES, contentNameOfPath } from "../../app/lib/content-kinds/index";
import { type ContentKind, checkDocument } from "../../app/lib/content-kinds/kind";
import { getDb } from "../../app/server/db.server";
import { seedIfMissing } from "../../app/server/publishing/content-store.server";

// The kinds of editable content (app/lib/content-kinds): each seed, the spec's figures, passes its own
// checks and is the first published version the migration wrote; the fields refuse what a person could get
// wrong; the Content tab's form reads back into the same document.

describe("the seeds", () => {
  it.each(CONTENT_NAMES)("%s: the seed passes its kind's checks unchanged", (name) => {
    const kind = CONTENT_KINDS[name] as ContentKind<unknown>;
    const checked = checkDocument(kind, kind.seed);
    expect(checked).toEqual({ ok: true, document: JSON.parse(JSON.stringify(kind.seed)) });
  });

  // The kinds of the first migration (0027_content_seed.sql); a later kind is seeded at first use.
  it.each(["tranches", "media", "pilots"] as const)(
    "%s: the migration published the seed as version 1 and revision 1",
    async (name) => {
      const seed = JSON.stringify(CONTENT_KINDS[name].seed);
      const version = await env.DB.prepare(
        "SELECT data, publish_at FROM content_versions WHERE name = ? AND version = 1",
      )
        .bind(name)
        .first<{ data: string; publish_at: number }>();
      const revision = await env.DB.prepare(
        "SELECT data FROM content_revisions WHERE name = ? AND revision = 1",
      )
        .bind(name)
        .first<{ data: string }>();
      expect(version?.data).toBe(seed);
      expect(revision?.data).toBe(seed);
    },
  );

  it("seeds a kind declared later once, at its first use, as the migration seeded the first ones", async () => {
    const db = getDb(env);
    await seedIfMissing(db, "later-kind", { items: ["one"] });
    await seedIfMissing(db, "later-kind", { items: ["changed"] });
    const rows = await env.DB.prepare(
      "SELECT (SELECT group_concat(revision || ':' || data) FROM content_revisions WHERE name = 'later-kind') AS revisions, (SELECT group_concat(version || ':' || publish_at || ':' || data) FROM content_versions WHERE name = 'later-kind') AS versions",
    ).first<{ revisions: string; versions: string }>();
    expect(rows).toEqual({ revisions: '1:{"items":["one"]}', versions: '1:0:{"items":["one"]}' });
  });

  it("names the page of every kind, and no page twice", () => {
    const paths = CONTENT_NAMES.flatMap((name) => CONTENT_KINDS[name].paths);
    expect(new Set(paths).size).toBe(paths.length);
    for (const name of CONTENT_NAMES) expect(contentNameOfPath(CONTENT_KINDS[name].paths[0])).toBe(name);
  });
});

describe("the checks", () => {
  const media = CONTENT_KINDS.media;
  const article = media.seed.articles[0];
  const withArticle = (change: Record<string, unknown>) => ({ articles: [{ ...article, ...change }] });
  const errorsOf = (data: unknown) => {
    const checked = checkDocument(media, data);
    return checked.ok ? {} : checked.fieldErrors;
  };

  it.each([
    ["an address that is not https:", { url: "http://example.com/" }, "articles.0.url"],
    ["a script address", { url: "javascript:alert(1)" }, "articles.0.url"],
    ["an address with a password", { url: "https://a:b@example.com/" }, "articles.0.url"],
    ["a date that does not exist", { date: "2025-02-30" }, "articles.0.date"],
    ["a date in another form", { date: "21/01/2025" }, "articles.0.date"],
    ["a category not declared", { category: "Sport" }, "articles.0.category"],
    ["a title past its limit", { title: "x".repeat(161) }, "articles.0.title"],
    ["an empty source", { source: "  " }, "articles.0.source"],
    ["a field not declared", { author: "Someone" }, "articles.0"],
    ["a line break in a one-line field", { title: "Two\nlines" }, "articles.0.title"],
    ["a control character", { source: "Bell\u0007" }, "articles.0.source"],
    ["a direction override", { summary: "Pay \u202egnp.exe" }, "articles.0.summary"],
  ])("refuses %s", (_, change, path) => {
    expect(Object.keys(errorsOf(withArticle(change)))).toContain(path);
  });

  it("keeps the line breaks of a field of several lines", () => {
    expect(errorsOf(withArticle({ summary: "First line.\nSecond line." }))).toEqual({});
  });

  it("refuses two articles with one address, and a document with no articles", () => {
    expect(errorsOf({ articles: [article, article] })).toHaveProperty(["articles.1.url"]);
    expect(errorsOf({ articles: [] })).toHaveProperty(["articles"]);
  });

  it("refuses a pilot group the spec does not declare, and one group twice", () => {
    const pilots = CONTENT_KINDS.pilots;
    const [first] = pilots.seed.groups;
    const checked = (groups: unknown[]) => checkDocument(pilots, { groups });
    expect(checked([{ ...first, name: "SPORT" }])).toMatchObject({
      ok: false,
      fieldErrors: { "groups.0.name": expect.any(String) },
    });
    expect(checked([first, first])).toMatchObject({
      ok: false,
      fieldErrors: { "groups.1.name": expect.any(String) },
    });
  });
});

describe("the form", () => {
  it.each(CONTENT_NAMES)("%s: a form of the seed's fields reads back into the seed", (name) => {
    const kind = CONTENT_KINDS[name] as ContentKind<unknown>;
    const form = new Map<string, string>();
    const write = (value: unknown, path: string) => {
      if (Array.isArray(value) && value.every((item) => typeof item !== "object"))
        form.set(path, value.join("\n"));
      else if (Array.isArray(value))
        for (const [index, item] of value.entries()) write(item, `${path}.${index}`);
      else if (typeof value === "object" && value !== null)
        for (const [key, inner] of Object.entries(value)) write(inner, path ? `${path}.${key}` : key);
      else form.set(path, String(value));
    };
    write(kind.seed, "");
    expect(checkDocument(kind, documentFromForm(kind.fields, form))).toEqual({
      ok: true,
      document: JSON.parse(JSON.stringify(kind.seed)),
    });
  });
});

it("writes the media list's lead from the articles", () => {
  expect(mediaListLead(CONTENT_KINDS.media.seed.articles)).toBe(
    "Six pieces on insurance, blockchain, gold, capital, Africa and intellectual property.",
  );
  expect(mediaListLead([{ category: "Gold" }])).toBe("One piece on gold.");
});
