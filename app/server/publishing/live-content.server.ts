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
/** When a request began reading the timeline again; meanwhile the others answer from the one known. */
let readingSince: number | null = null;

/** A version's data by id and time: versions never change, so a copy is kept while it is in the timeline. */
const data = new Map<string, string>();

const dataKey = (entry: TimelineEntry) => `${entry.id}@${entry.publishAt}`;

export interface KnownTimeline {
  entries: readonly TimelineEntry[];
  /** Whether this call read D1 (the tests count them: most views must not). */
  read: boolean;
}

/**
 * The timeline, from memory while it is fresh. When it is not, this request reads it; requests arriving
 * during that read answer from the timeline known (a read's few milliseconds late), so one read serves the
 * isolate. Null when none was ever read and this read fails. Each request reads D1 in its own right: a
 * Worker may not carry on one request's I/O in another's.
 */
export async function currentTimeline(db: Database, now = Date.now()): Promise<KnownTimeline | null> {
  if (known && now - known.readAt < FRESH_MS) return { entries: known.entries, read: false };
  if (known && readingSince !== null && now - readingSince < FRESH_MS) {
    return { entries: known.entries, read: false };
  }
  readingSince = now;
  try {
    const entries = await timeline(db, now);
    known = { entries, readAt: now };
    forgetDataOutside(entries);
    return { entries, read: true };
  } catch (error) {
    console.error("content: the timeline could not be read; keeping the last one", error);
    if (known) known = { ...known, readAt: now };
    return known ? { entries: known.entries, read: true } : null;
  } finally {
    readingSince = null;
  }
}

/** After a write through this isolate: the next view reads the timeline again. */
export function forgetTimeline(): void {
  known = null;
  readingSince = null;
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
export async function versionData(db: Database, entry: TimelineEntry): Promise<string | null> {
  const key = dataKey(entry);
  const kept = data.get(key);
  if (kept !== undefined) return kept;
  const read = await versionDataById(db, entry.id).catch((error: unknown) => {
    console.error(`content: version ${entry.id} could not be read`, error);
    return null;
  });
  if (read !== null) data.set(key, read);
  return read;
}

function forgetDataOutside(entries: readonly TimelineEntry[]): void {
  const keys = new Set(entries.map(dataKey));
  for (const key of data.keys()) if (!keys.has(key)) data.delete(key);
}
