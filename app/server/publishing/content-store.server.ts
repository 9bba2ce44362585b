import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { contentPreviewLinks, contentRevisions, contentVersions, users } from "../../../db/schema";
import type { Database } from "../db.server";

// The D1 side of editable content (db/schema/content.ts): drafts by revision, published versions, and which
// version is live. A version is live from its `publish_at` on until a later one's time comes; a cancelled
// one never is. Nothing promotes a scheduled version: reading the table at a moment says what is live then.

export interface RevisionRow {
  revision: number;
  data: string;
  savedAt: Date;
  savedBy: string | null;
}

/** The newest revision of a document, with who saved it (their address); null for a name never seeded. */
export async function latestRevision(db: Database, name: string): Promise<RevisionRow | null> {
  const [row] = await db
    .select({
      revision: contentRevisions.revision,
      data: contentRevisions.data,
      savedAt: contentRevisions.savedAt,
      savedBy: users.email,
    })
    .from(contentRevisions)
    .leftJoin(users, eq(users.id, contentRevisions.savedBy))
    .where(eq(contentRevisions.name, name))
    .orderBy(desc(contentRevisions.revision))
    .limit(1);
  return row ?? null;
}

export async function revisionData(db: Database, name: string, revision: number): Promise<string | null> {
  const [row] = await db
    .select({ data: contentRevisions.data })
    .from(contentRevisions)
    .where(and(eq(contentRevisions.name, name), eq(contentRevisions.revision, revision)));
  return row?.data ?? null;
}

/**
 * Writes `data` as revision `base + 1` only while `base` is the newest: one statement, so of two saves
 * from one revision the key lets exactly one in. Whether it was written.
 */
export async function insertNextRevision(
  db: Database,
  name: string,
  base: number,
  data: string,
  savedBy: number,
): Promise<boolean> {
  const newest = sql`(SELECT max(${contentRevisions.revision}) FROM ${contentRevisions} WHERE ${contentRevisions.name} = ${name})`;
  const result = await db.run(
    sql`INSERT OR IGNORE INTO ${contentRevisions} (name, revision, data, saved_by, saved_at)
        SELECT ${name}, ${base + 1}, ${data}, ${savedBy}, unixepoch() WHERE ${newest} = ${base}`,
  );
  return result.meta.changes === 1;
}

export interface VersionRow {
  id: number;
  version: number;
  revision: number;
  publishAt: number;
  publishedBy: string | null;
  restores: number | null;
  cancelledAt: Date | null;
}

const versionColumns = {
  id: contentVersions.id,
  version: contentVersions.version,
  revision: contentVersions.revision,
  publishAt: contentVersions.publishAt,
  publishedBy: users.email,
  restores: contentVersions.restores,
  cancelledAt: contentVersions.cancelledAt,
};

/** Every version of a document, newest first. */
export function versionsOf(db: Database, name: string): Promise<VersionRow[]> {
  return db
    .select(versionColumns)
    .from(contentVersions)
    .leftJoin(users, eq(users.id, contentVersions.publishedBy))
    .where(eq(contentVersions.name, name))
    .orderBy(desc(contentVersions.version));
}

export async function versionOf(db: Database, name: string, version: number) {
  const [row] = await db
    .select({ ...versionColumns, data: contentVersions.data })
    .from(contentVersions)
    .leftJoin(users, eq(users.id, contentVersions.publishedBy))
    .where(and(eq(contentVersions.name, name), eq(contentVersions.version, version)));
  return row ?? null;
}

/** Writes the next version of a document (its number the newest + 1, in the statement), public from `publishAt`. */
export function insertVersionStatement(
  db: Database,
  row: { name: string; revision: number; data: string; publishAt: number; by: number; restores?: number },
) {
  const next = sql`(SELECT coalesce(max(${contentVersions.version}), 0) + 1 FROM ${contentVersions} WHERE ${contentVersions.name} = ${row.name})`;
  // The selected values follow the table's columns (db/schema/content.ts) from `name` on; D1 gives the id.
  return db
    .insert(contentVersions)
    .select(
      sql`SELECT NULL, ${row.name}, ${next}, ${row.revision}, ${row.data}, ${row.publishAt}, ${row.by}, unixepoch(), ${row.restores ?? null}, NULL, NULL`,
    );
}

/** The version the statement before it in the batch inserted: its id and number. */
export function insertedVersionStatement(db: Database, name: string) {
  return db
    .select({ id: contentVersions.id, version: contentVersions.version })
    .from(contentVersions)
    .where(and(sql`${contentVersions.id} = last_insert_rowid()`, eq(contentVersions.name, name)));
}

/** Cancels a version not yet public: only while its time is still ahead (`now`), and once. */
export function cancelVersionStatement(db: Database, name: string, version: number, by: number, now: number) {
  return db
    .update(contentVersions)
    .set({ cancelledAt: new Date(now), cancelledBy: by })
    .where(
      and(
        eq(contentVersions.name, name),
        eq(contentVersions.version, version),
        isNull(contentVersions.cancelledAt),
        gt(contentVersions.publishAt, now),
      ),
    );
}

/** A version's place in the timeline of what is public: its id, number and time. */
export interface TimelineEntry {
  id: number;
  name: string;
  version: number;
  publishAt: number;
}

/**
 * For every document, the version live at `now` and those scheduled after it (never cancelled): enough for
 * an isolate to know, until its next read, what is public at any moment, a scheduled release included.
 */
export function timeline(db: Database, now: number): Promise<TimelineEntry[]> {
  return db.all<TimelineEntry>(sql`
    SELECT id, name, version, publish_at AS publishAt FROM ${contentVersions} AS v
    WHERE cancelled_at IS NULL AND publish_at >= coalesce((
      SELECT max(publish_at) FROM ${contentVersions} AS live
      WHERE live.name = v.name AND live.cancelled_at IS NULL AND live.publish_at <= ${now}
    ), 0)
    ORDER BY name, publish_at, version`);
}

/** A version's data, by id (a version never changes, so any copy of it stays true). */
export async function versionDataById(db: Database, id: number): Promise<string | null> {
  const [row] = await db
    .select({ data: contentVersions.data })
    .from(contentVersions)
    .where(eq(contentVersions.id, id));
  return row?.data ?? null;
}

/** Keeps a preview link's token hash for 24 hours. */
export async function insertPreviewLink(
  db: Database,
  row: { tokenHash: string; name: string; revision: number; createdBy: number; expiresAt: Date },
): Promise<void> {
  await db.insert(contentPreviewLinks).values(row);
}

/** The document and revision a live preview link shows, with the revision's data; null when none is. */
export async function previewOf(db: Database, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ name: contentPreviewLinks.name, data: contentRevisions.data })
    .from(contentPreviewLinks)
    .innerJoin(
      contentRevisions,
      and(
        eq(contentRevisions.name, contentPreviewLinks.name),
        eq(contentRevisions.revision, contentPreviewLinks.revision),
      ),
    )
    .where(and(eq(contentPreviewLinks.tokenHash, tokenHash), gt(contentPreviewLinks.expiresAt, now)));
  return row ?? null;
}

/**
 * A kind declared after the first migration has no rows until it is first used: its seed becomes revision 1
 * and version 1 then, once (the keys refuse a second), as the migration made them for the first kinds.
 */
export async function seedIfMissing(db: Database, name: string, seed: unknown): Promise<void> {
  const data = JSON.stringify(seed);
  await db.batch([
    db
      .insert(contentRevisions)
      .values({ name, revision: 1, data, savedBy: null, savedAt: new Date(0) })
      .onConflictDoNothing(),
    db
      .insert(contentVersions)
      .values({
        name,
        version: 1,
        revision: 1,
        data,
        publishAt: 0,
        publishedBy: null,
        createdAt: new Date(0),
      })
      .onConflictDoNothing(),
  ]);
}
