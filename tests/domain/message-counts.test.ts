import { env } from "cloudflare:test";
import { eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ANY_MESSAGE, type ContactFilter } from "../../app/lib/contact-filter";
import { talliedCount } from "../../app/server/contact/message-counts.server";
import { messageFacets } from "../../app/server/contact/message-facets.server";
import { contactWhere } from "../../app/server/contact/message-queue.server";
import { getDb } from "../../app/server/db.server";
import { contactSubmissions, users } from "../../db/schema";

// message_counts (db/migrations/0017) against the messages themselves: after inserts, changes of state,
// area, payment method and holder, and deletions, every tallied count equals a count of the rows.

const db = getDb(env);

async function adminId(): Promise<number> {
  const [row] = await db
    .insert(users)
    .values({
      email: `counts-${Date.now()}@example.org`,
      password: "x",
      firstName: "A",
      lastName: "B",
      userTypeId: 1,
    })
    .returning({ id: users.id });
  if (!row) throw new Error("no admin");
  return row.id;
}

async function counted(filter: ContactFilter, admin: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)` })
    .from(contactSubmissions)
    .where(contactWhere(filter, admin));
  return row?.n ?? 0;
}

const FILTERS: Partial<ContactFilter>[] = [
  {},
  ...(["open", "new", "waiting", "done", "spam"] as const).map((state) => ({ state })),
  { area: 2 },
  { area: 5 },
  { payment: "USDT" },
  { state: "done", payment: "BTC" },
  { holder: "me" },
  { holder: "nobody" },
  { state: "waiting", area: 2, payment: "SOL", holder: "me" },
  { from: today() },
  { to: today() },
  { from: today(-1), to: today(-1) },
  { state: "done", from: today(-3), to: today(1), area: 2 },
];

function today(offset = 0): string {
  return new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
}

async function expectInStep(admin: number) {
  for (const change of FILTERS) {
    const filter = { ...ANY_MESSAGE, ...change };
    expect([change, await talliedCount(db, filter, admin)]).toEqual([change, await counted(filter, admin)]);
    // The counts beside the filters: sums over the table's groups, each under the other filters.
    const facets = await messageFacets(db, filter, admin, { asked: false });
    const { state, area, payment, holder } = facets;
    expect([change, state.open, state.spam, area[2], payment.SOL, holder.me, holder.nobody]).toEqual([
      change,
      await counted({ ...filter, state: "open" }, admin),
      await counted({ ...filter, state: "spam" }, admin),
      await counted({ ...filter, area: 2 }, admin),
      await counted({ ...filter, payment: "SOL" }, admin),
      await counted({ ...filter, holder: "me" }, admin),
      await counted({ ...filter, holder: "nobody" }, admin),
    ]);
  }
}

describe("message_counts", () => {
  it("stays equal to the messages through inserts, changes and deletions", async () => {
    const admin = await adminId();
    const ids: number[] = [];
    for (let i = 0; i < 24; i += 1) {
      const [row] = await db
        .insert(contactSubmissions)
        .values({
          firstName: "C",
          lastName: "D",
          email: `c${i}@example.org`,
          message: i % 2 === 0 ? "Pay with tokenzq please" : "m",
          userTypeId: i % 3 === 0 ? 2 : 5,
          paymentMethod: i % 3 === 0 ? (["BTC", "SOL", "USDT"] as const)[i % 9 === 0 ? 0 : 1] : null,
          state: (["new", "waiting", "done", "spam"] as const)[i % 4],
          // is_processed says whether a message is closed (Done or Spam), as the app writes it.
          isProcessed: i % 4 >= 2,
          claimedBy: i % 5 === 0 ? admin : null,
          // Some yesterday, some today: the days of the counts.
          createdAt: new Date(Date.now() - (i % 2) * 86_400_000),
        })
        .returning({ id: contactSubmissions.id });
      ids.push(row?.id ?? 0);
    }
    await expectInStep(admin);
    await db
      .update(contactSubmissions)
      .set({ state: "waiting", isProcessed: false, claimedBy: admin, paymentMethod: "SOL", userTypeId: 2 })
      .where(inArray(contactSubmissions.id, ids.slice(0, 7)));
    await db
      .update(contactSubmissions)
      .set({ claimedBy: null })
      .where(eq(contactSubmissions.id, ids[10] ?? 0));
    await expectInStep(admin);
    await db.delete(contactSubmissions).where(inArray(contactSubmissions.id, ids.slice(5, 15)));
    await expectInStep(admin);

    // Under a text filter the counts come from one grouped pass: each as the list would count it.
    for (const change of [{}, { state: "done" as const }, { area: 2, from: today(-1) }]) {
      const filter = { ...ANY_MESSAGE, ...change, query: "TOKENZQ" };
      const facets = await messageFacets(db, filter, admin, { asked: true });
      expect(facets.state.open).toBe(await counted({ ...filter, state: "open" }, admin));
      expect(facets.state.spam).toBe(await counted({ ...filter, state: "spam" }, admin));
      expect(facets.area[2]).toBe(await counted({ ...filter, area: 2 }, admin));
      expect(facets.payment.SOL).toBe(await counted({ ...filter, payment: "SOL" }, admin));
      expect(facets.holder.me).toBe(await counted({ ...filter, holder: "me" }, admin));
      expect(facets.holder.nobody).toBe(await counted({ ...filter, holder: "nobody" }, admin));
      expect(facets.state.open).toBeGreaterThan(0);
    }
  });
});
