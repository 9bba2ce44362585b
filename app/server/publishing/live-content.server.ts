import type { Database } from "../db.server";
import { type TimelineEntry, timeline, versionDataById } from "./content-store.server";

// What is public, as this isolate knows it (issue 41, item 5). The timeline (content-store.server.ts) names,
// for every document, the version live when it was read and every one scheduled after it, so until the next
// read the isolate knows what is public at any moment, a scheduled release included, from memory alone. It
// is read again at most every FRESH_MS, so a publish made through another isolate reaches this one within
// that; a publish through this one is seen at once (`forgetTimeline`). A failed read keeps the last timeline.

/** How long a read timeline answers for this isolate: what another isolate publishes shows within this. */
export const FRESH_MS = 500;

let known: { entries: TimelineEntry[]; readAt: number } | null = null;
let reading: Promise<void> | null = null;

/** A version's data by id and time: versions never change, so a copy is kept while it is in the timeline. */
const data = new Map<string, Promise<string | null>>();

const dataKey = (entry: TimelineEntry) => `${entry.id}@${entry.publishAt}`;

export interface KnownTimeline {
  entries: readonly TimelineEntry[];
  /** Whether this call read D1 (the tests count them: most views must not). */
  read: boolean;
}

/** The timeline, from memory while it is fresh; null when it was never read and cannot be. */
export async function currentTimeline(db: Database, now = Date.now()): Promise<KnownTimeline | null> {
  if (known && now - known.readAt < FRESH_MS) return { entries: known.entries, read: false };
  reading ??= timeline(db, now)
    .then(
      (entries) => {
        known = { entries, readAt: now };
        forgetDataOutside(entries);
      },
      (error: unknown) => {
        console.error("content: the timeline could not be read; keeping the last one", error);
        if (known) known = { ...known, readAt: now };
      },
    )
    .finally(() => {
      reading = null;
    });
  await reading;
  return known ? { entries: known.entries, read: true } : null;
}

/** After a write through this isolate: the next view reads the timeline again. */
export function forgetTimeline(): void {
  known = null;
}

/** The entry of `name` public at `now`: the newest by time whose time has come. */
export function liveEntry(entries: readonly TimelineEntry[], name: string, now = Date.now()) {
  let live: TimelineEntry | undefined;
  for (const entry of entries) {
    if (entry.name !== name || entry.publishAt > now) continue;
    if (
      !live ||
      entry.publishAt > live.publishAt ||
      (entry.publishAt === live.publishAt && entry.version > live.version)
    )
      live = entry;
  }
  return live;
}

/** The entries of `name` still to come after `now`, soonest first. */
export function scheduledEntries(entries: readonly TimelineEntry[], name: string, now = Date.now()) {
  return entries.filter((entry) => entry.name === name && entry.publishAt > now);
}

/** A version's data (JSON), read once per isolate. */
export function versionData(db: Database, entry: TimelineEntry): Promise<string | null> {
  const key = dataKey(entry);
  let held = data.get(key);
  if (!held) {
    held = versionDataById(db, entry.id).catch((error: unknown) => {
      console.error(`content: version ${entry.id} could not be read`, error);
      data.delete(key);
      return null;
    });
    data.set(key, held);
  }
  return held;
}

function forgetDataOutside(entries: readonly TimelineEntry[]): void {
  const keys = new Set(entries.map(dataKey));
  for (const key of data.keys()) if (!keys.has(key)) data.delete(key);
}
