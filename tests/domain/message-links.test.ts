import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { hasLink, linkSql } from "../../app/lib/message-links";
import backfill from "../../db/migrations/0030_has_link.sql?raw";

// What counts as a link (docs/decisions/176), once: read by hasLink when a message arrives, and by the
// same marks as SQL where migration 0030 filled the column for the messages before it.

const LINKS = [
  "Visit http://cheap-seo.example now",
  "Apply at HTTPS://Example.com/Apply",
  "see www.example.org for details",
  "WWW.EXAMPLE.COM",
  "Join t.me/cryptodeals today",
  "https://t.me/+AbCdEf",
  "our page example.com/path?x=1",
  "bit.ly/3xYz",
  "shop at store.online/deals",
  "Listing on coinmarket.io/list, fee 2 BTC",
  "Lien: exemple.fr/offre",
  "Müller GmbH (mueller.de/kontakt)",
];

const NOT_LINKS = [
  "Hello, I would like to buy 5,000 FCT with USDT.",
  "Write to me at ada@example.com, thank you.",
  "e.g. this, i.e. that",
  "The price is 1.5/2 of last year",
  "and/or both",
  "Ph.D/MBA from Lagos",
  "www. is where it starts",
  "http:/ broken",
  "example.com",
  "I use Example.Com daily",
  "ftp://old.example",
  "",
  "Ｈttps://ｅxample.com lookalikes in full width",
];

describe("a message's links", () => {
  it("reads http(s)://, www. and a domain with a path as a link, and nothing else", () => {
    for (const text of LINKS) expect([text, hasLink(text)]).toEqual([text, true]);
    for (const text of NOT_LINKS) expect([text, hasLink(text)]).toEqual([text, false]);
  });

  it("reads the same in SQL over lower(message)", async () => {
    for (const text of [...LINKS, ...NOT_LINKS, "Ünïcode ĞÜŞ www.Ünï", "ÀÉ.CO/x", "a.Bc/"]) {
      const row = await env.DB.prepare(`SELECT (${linkSql("lower(?1)")}) AS found`)
        .bind(text)
        .first<{ found: number }>();
      expect([text, row?.found === 1]).toEqual([text, hasLink(text)]);
    }
  });

  it("filled the column of the messages before it by the same marks (migration 0030)", async () => {
    const statements = backfill.split("--> statement-breakpoint").map((part) => part.trim());
    const update = statements.find((part) => part.startsWith("UPDATE `contact_submissions` SET `has_link`"));
    expect(update).toContain(linkSql("m"));
    const texts = [...LINKS, ...NOT_LINKS];
    for (const [i, text] of texts.entries()) {
      await env.DB.prepare(
        "INSERT INTO contact_submissions (first_name, last_name, email, message, has_link) VALUES ('L', 'K', ?, ?, 0)",
      )
        .bind(`links${i}@example.org`, text)
        .run();
    }
    await env.DB.prepare(String(update).replace(/;$/, "")).run();
    const { results } = await env.DB.prepare(
      "SELECT message, has_link FROM contact_submissions WHERE email LIKE 'links%@example.org'",
    ).all<{ message: string; has_link: number }>();
    expect(results).toHaveLength(texts.length);
    for (const row of results)
      expect([row.message, row.has_link === 1]).toEqual([row.message, hasLink(row.message)]);
  });
});
