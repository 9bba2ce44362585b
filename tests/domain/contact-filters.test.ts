import { env } from "cloudflare:test";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  ANY_MESSAGE,
  CONTACT_FILTERS,
  type ContactFilter,
  contactFilterParams,
  parseContactFilter,
} from "../../app/lib/contact-filter";
import { type AnyChoice, entriesOf } from "../../app/lib/list-filters";
import { isClosedState, MESSAGE_STATES } from "../../app/lib/message-states";
import { talliedCount } from "../../app/server/contact/message-counts.server";
import { messageFacets } from "../../app/server/contact/message-facets.server";
import { contactWhere } from "../../app/server/contact/message-queue.server";
import { getDb } from "../../app/server/db.server";
import { contactSubmissions, users } from "../../db/schema";

// The queue's table of filters (docs/decisions/170), walked entry by entry: each choice read back from the
// address it writes, and counted three ways that must agree (the messages, `message_counts`, and the sums
// beside the filters), alone and under a text. A filter added to the table is walked too.

const db = getDb(env);
const choices = entriesOf(CONTACT_FILTERS).flatMap(([name, filter]) =>
  filter.kind === "choice" ? (filter as AnyChoice).choices.map(({ value }) => ({ [name]: value })) : [],
);

async function counted(filter: ContactFilter, admin: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)` })
    .from(contactSubmissions)
    .where(contactWhere(filter, admin));
  return row?.n ?? 0;
}

describe("the queue's filters", () => {
  let admin = 0;

  beforeAll(async () => {
    const [row] = await db
      .insert(users)
      .values({ email: "filters@example.org", password: "x", firstName: "A", lastName: "B", userTypeId: 1 })
      .returning({ id: users.id });
    admin = row?.id ?? 0;
    for (let i = 0; i < 40; i += 1) {
      const state = MESSAGE_STATES[i % MESSAGE_STATES.length] ?? "new";
      await db.insert(contactSubmissions).values({
        firstName: "F",
        lastName: "L",
        email: `f${i}@example.org`,
        message: i % 3 === 0 ? "About filterzq tokens" : i % 7 < 3 ? "See https://example.com/deal" : "Hello",
        hasLink: i % 3 !== 0 && i % 7 < 3,
        userTypeId: [2, 3, 4, 5, null][i % 5],
        paymentMethod: i % 5 === 0 ? (["BTC", "SOL", "USDT"] as const)[i % 3] : null,
        state,
        isProcessed: isClosedState(state),
        claimedBy: i % 4 === 1 ? admin : null,
        createdAt: new Date(Date.UTC(2026, 0, 1 + (i % 6), 12)),
      });
    }
  });

  it("reads every choice, day and text back from the address it writes, and falls back on anything else", () => {
    const written: Partial<ContactFilter>[] = [
      ...choices,
      { from: "2026-01-02" },
      { to: "2026-01-03" },
      { query: "token sale" },
    ];
    for (const change of written) {
      const filter = { ...ANY_MESSAGE, ...change };
      const params = new URLSearchParams();
      for (const [key, value] of Object.entries(contactFilterParams(filter))) {
        if (value !== null) params.set(key, String(value));
      }
      expect(parseContactFilter(params)).toEqual(filter);
    }
    const hostile = new URLSearchParams(
      entriesOf(CONTACT_FILTERS).map(([, filter]) => [filter.param, "<script>' OR 1=1 --"]),
    );
    expect(parseContactFilter(hostile)).toEqual({ ...ANY_MESSAGE, query: "<script>' OR 1=1 --" });
    expect(parseContactFilter(new URLSearchParams("view=processed")).state).toBe("done");
  });

  it("counts each choice alike from the messages, from message_counts and beside the filters", async () => {
    for (const under of [{}, { from: "2026-01-02", to: "2026-01-04" }]) {
      const base = { ...ANY_MESSAGE, ...under };
      const facets = await messageFacets(db, base, admin, { asked: false });
      for (const change of choices) {
        const filter = { ...base, ...change };
        const [name, value] = Object.entries(change)[0] ?? [];
        const truth = await counted(filter, admin);
        expect([change, under, await talliedCount(db, filter, admin)]).toEqual([change, under, truth]);
        const facet = (facets as unknown as Record<string, Record<string, number>>)[name ?? ""];
        expect([change, under, facet?.[String(value)]]).toEqual([change, under, truth]);
      }
    }
  });

  it("counts each choice beside the filters under a text as the list would", async () => {
    const filter = { ...ANY_MESSAGE, query: "filterzq" };
    const facets = await messageFacets(db, filter, admin, { asked: true });
    expect(facets.counted).toBe(true);
    for (const change of choices) {
      const [name, value] = Object.entries(change)[0] ?? [];
      const facet = (facets as unknown as Record<string, Record<string, number>>)[name ?? ""];
      expect([change, facet?.[String(value)]]).toEqual([
        change,
        await counted({ ...filter, ...change }, admin),
      ]);
    }
  });
});
