import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { type Database, getDb } from "../../app/server/db.server";
import {
  currentTimeline,
  FRESH_MS,
  forgetTimeline,
  liveEntry,
  scheduledEntries,
  versionData,
} from "../../app/server/publishing/live-content.server";

// What an isolate knows of the public versions (decision 167): the timeline from memory while it is fresh,
// a release at its millisecond with no read, and when D1 cannot be read, the last timeline it had.

const downDb = {
  all: () => Promise.reject(new Error("D1 is down")),
  select: () => {
    throw new Error("D1 is down");
  },
} as unknown as Database;

beforeEach(() => forgetTimeline());

describe("the timeline", () => {
  it("is read once, then answered from memory until it is FRESH_MS old", async () => {
    const db = getDb(env);
    const start = Date.now();
    expect((await currentTimeline(db, start))?.read).toBe(true);
    expect((await currentTimeline(db, start + FRESH_MS - 1))?.read).toBe(false);
    expect((await currentTimeline(db, start + FRESH_MS))?.read).toBe(true);
  });

  it("names the seeded version of every document as public", async () => {
    const known = await currentTimeline(getDb(env));
    for (const name of ["tranches", "media", "pilots"]) {
      expect(liveEntry(known?.entries ?? [], name)).toMatchObject({ version: 1, publishAt: 0 });
    }
  });

  it("keeps the last timeline when D1 cannot be read, and has none to give when it never could", async () => {
    const start = Date.now();
    const read = await currentTimeline(getDb(env), start);
    const kept = await currentTimeline(downDb, start + FRESH_MS * 3);
    expect(kept?.entries).toEqual(read?.entries);
    forgetTimeline();
    expect(await currentTimeline(downDb, start + FRESH_MS * 6)).toBeNull();
  });

  it("turns to a scheduled version at its millisecond, and not one before", () => {
    const entries = [
      { id: 10, name: "media", version: 3, publishAt: 1_000 },
      { id: 11, name: "media", version: 4, publishAt: 5_000 },
      { id: 12, name: "pilots", version: 2, publishAt: 4_000 },
    ];
    expect(liveEntry(entries, "media", 4_999)?.version).toBe(3);
    expect(liveEntry(entries, "media", 5_000)?.version).toBe(4);
    expect(scheduledEntries(entries, "media", 4_999).map((entry) => entry.version)).toEqual([4]);
    expect(liveEntry(entries, "pilots", 3_999)).toBeUndefined();
  });
});

describe("a version's data", () => {
  it("is null when D1 cannot be read, and read again the next time", async () => {
    const entry = { id: 1, name: "tranches", version: 1, publishAt: 0 };
    expect(await versionData(downDb, entry)).toBeNull();
    expect(JSON.parse((await versionData(getDb(env), entry)) ?? "{}")).toHaveProperty(
      "maxSupply",
      21_000_000,
    );
  });
});
