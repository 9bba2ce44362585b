import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { approvedUsersPage } from "../../app/server/admin/admin-lists.server";
import { type ActivityFilters, activityPage } from "../../app/server/admin/audit-activity.server";
import { getDb } from "../../app/server/db.server";
import { type Cursor, cursorParam } from "../../app/server/keyset.server";
import { accountEvents, users } from "../../db/schema";

// The Users tab and the Activity log page by keyset (docs/decisions/156): across pages whose rows share
// one timestamp, no row comes twice and none is missed, with the person filter's union as without it.

const db = getDb(env);
const NO_FILTERS: ActivityFilters = {
  actor: null,
  subject: null,
  person: null,
  action: null,
  from: null,
  to: null,
};

async function everyPage<T extends { id: number }>(
  read: (cursor: Cursor | null) => Promise<{ items: T[]; next: string | null }>,
): Promise<number[]> {
  const seen: number[] = [];
  let cursor: Cursor | null = null;
  for (let page = 0; page < 100; page += 1) {
    const { items, next } = await read(cursor);
    seen.push(...items.map((item) => item.id));
    if (!next) return seen;
    cursor = cursorParam(next);
    expect(cursor).not.toBeNull();
  }
  throw new Error("more than 100 pages");
}

describe("paging by keyset with ties on the timestamp", () => {
  it("reads every approved account once, newest approval first, ties by id", async () => {
    const at = new Date("2026-01-02T03:04:05Z");
    const inserted = await db
      .insert(users)
      .values(
        Array.from({ length: 8 }, (_, i) => ({
          email: `tied-${Date.now()}-${i}@example.org`,
          password: "x",
          firstName: "T",
          lastName: "Ied",
          isApproved: true,
          approvedAt: at,
        })),
      )
      .returning({ id: users.id });
    const seen = await everyPage((cursor) =>
      approvedUsersPage(db, new URLSearchParams(cursor ? { after: `${cursor.at}.${cursor.id}` } : {})),
    );
    expect(new Set(seen).size).toBe(seen.length);
    const ours = seen.filter((id) => inserted.some((row) => row.id === id));
    expect(ours).toEqual(inserted.map((row) => row.id).sort((a, b) => b - a));
  });

  it("reads every entry of the log once, with and without a person, across 130 entries of one second", async () => {
    const [person] = await db
      .insert(users)
      .values({ email: `logged-${Date.now()}@example.org`, password: "x", firstName: "L", lastName: "Og" })
      .returning({ id: users.id });
    const id = person?.id ?? 0;
    const at = new Date("2026-03-04T05:06:07Z");
    const ids: number[] = [];
    for (let i = 0; i < 130; i += 1) {
      // As actor, as subject, and as both: the union must not count or show an entry twice.
      const [row] = await db
        .insert(accountEvents)
        .values({
          at,
          actorId: i % 3 === 1 ? null : id,
          subjectId: i % 3 === 0 ? null : id,
          action: "sign-in",
          outcome: "success",
        })
        .returning({ id: accountEvents.id });
      ids.push(row?.id ?? 0);
    }
    const newestFirst = [...ids].sort((a, b) => b - a);
    const byPerson = await everyPage((cursor) =>
      activityPage(db, { ...NO_FILTERS, person: String(id) }, cursor),
    );
    expect(byPerson).toEqual(newestFirst);
    const first = await activityPage(db, { ...NO_FILTERS, person: String(id) }, null);
    expect(first.total).toBe(130);
    expect(first.items).toHaveLength(50);

    const all = await everyPage((cursor) => activityPage(db, NO_FILTERS, cursor));
    expect(new Set(all).size).toBe(all.length);
    expect(all.filter((entry) => ids.includes(entry))).toEqual(newestFirst);
  });
});
