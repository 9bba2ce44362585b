import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { now } from "./columns";

// The site's editable content (docs/decisions/167-staff-publish-content.md): each document (a kind of
// app/lib/content-kinds, by name) as its drafts, its published versions, the pages each version rendered,
// and the links that show a draft to someone without an account. Data is the document as JSON, checked by
// its kind before it is written. Authors are referenced by number without a foreign key, as the
// workbench's are (db/schema/workbench.ts): a migration that rebuilds `users` would cascade.

/**
 * Every save of a document: revision 1, 2, … per document. A save names the revision it started from and
 * is written only as the next one, so of two saves from one revision exactly one lands (the key).
 */
export const contentRevisions = sqliteTable(
  "content_revisions",
  {
    name: text("name").notNull(),
    revision: integer("revision").notNull(),
    data: text("data").notNull(),
    /** The administrator who saved it; null for the seed. */
    savedBy: integer("saved_by"),
    savedAt: integer("saved_at", { mode: "timestamp" }).notNull().default(now),
  },
  (table) => [primaryKey({ columns: [table.name, table.revision] })],
);

/**
 * A published version of a document: the data of one revision, public from `publish_at` (milliseconds)
 * on. The version visitors see is the newest one whose time has come and that was not cancelled, so a
 * scheduled version goes live by its time alone, with no job to promote it. A rollback is a new version
 * with an earlier one's data (`restores`).
 */
export const contentVersions = sqliteTable(
  "content_versions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    version: integer("version").notNull(),
    revision: integer("revision").notNull(),
    data: text("data").notNull(),
    publishAt: integer("publish_at").notNull(),
    publishedBy: integer("published_by"),
    createdAt: integer("created_at", { mode: "timestamp" }).notNull().default(now),
    /** The version whose data this one put back, for a rollback. */
    restores: integer("restores"),
    cancelledAt: integer("cancelled_at", { mode: "timestamp" }),
    cancelledBy: integer("cancelled_by"),
  },
  (table) => [
    uniqueIndex("content_versions_name_version").on(table.name, table.version),
    index("content_versions_live").on(table.name, table.publishAt),
  ],
);

/** A public page as a version rendered it, under the build that rendered it (its stylesheet, its markup). */
export const contentPages = sqliteTable(
  "content_pages",
  {
    path: text("path").notNull(),
    versionId: integer("version_id").notNull(),
    build: text("build").notNull(),
    html: text("html").notNull(),
    etag: text("etag").notNull(),
  },
  (table) => [primaryKey({ columns: [table.path, table.versionId, table.build] })],
);

/** A link that shows one revision of a document to anyone who has it, for 24 hours; its token hashed. */
export const contentPreviewLinks = sqliteTable("content_preview_links", {
  tokenHash: text("token_hash").primaryKey(),
  name: text("name").notNull(),
  revision: integer("revision").notNull(),
  createdBy: integer("created_by").notNull(),
  expiresAt: integer("expires_at", { mode: "timestamp" }).notNull(),
});
