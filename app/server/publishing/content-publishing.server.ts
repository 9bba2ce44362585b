import { sql } from "drizzle-orm";
import { z } from "zod/mini";
import type { AuditAction } from "~/lib/audit-actions";
import { type CONTENT_KINDS, CONTENT_NAMES, contentKindOf } from "~/lib/content-kinds/index";
import { type ContentKind, checkDocument } from "~/lib/content-kinds/kind";
import { auditEntry, withEventChain } from "../audit/account-events.server";
import type { Caller, Deps } from "../deps";
import { emit } from "../events.server";
import { hashToken, newLinkToken } from "../identity/account-tokens.server";
import { guarded } from "../identity/guarded.server";
import { conflict, done, invalid, notFound, type Outcome } from "../outcome";
import type { SignedInUser } from "../session-user";
import {
  cancelVersionStatement,
  insertedVersionStatement,
  insertNextRevision,
  insertPreviewLink,
  insertVersionStatement,
  latestRevision,
  previewOf,
  revisionData,
  seedIfMissing,
  versionOf,
  versionsOf,
} from "./content-store.server";
import { forgetTimeline } from "./live-content.server";

// What staff do with editable content (issue 41), each an operation of the admin door: save a draft (on the
// revision it started from, or 409), publish a revision now or at a time, cancel a scheduled version, roll
// back to an earlier version. Publishing, cancelling and rolling back change what the public reads, so they
// wait for "Confirm it's you", and each writes one audit entry in the batch that makes its change.

/** Where a preview link opens (routes/preview.ts). */
export const PREVIEW_PATH = "/preview";

/** How far ahead a release may be scheduled. */
export const LONGEST_SCHEDULE_MS = 366 * 24 * 60 * 60 * 1000;

const kindOf = (name: string): ContentKind<unknown> | undefined => contentKindOf(name);

/** The newest revision of a declared document, its seed written first if it was never used. */
async function newestRevision(deps: Deps, name: string, kind: ContentKind<unknown>) {
  const latest = await latestRevision(deps.db, name);
  if (latest) return latest;
  await seedIfMissing(deps.db, name, kind.seed);
  return latestRevision(deps.db, name);
}

const iso = (ms: number) => new Date(ms).toISOString();

/** A document as the API shows it: its newest revision, what is public and what is scheduled. */
export async function contentDocument(deps: Deps, name: string, now = Date.now()) {
  const kind = kindOf(name);
  const latest = kind ? await newestRevision(deps, name, kind) : null;
  if (!kind || !latest) return null;
  const versions = await versionsOf(deps.db, name);
  const live = liveVersionOf(versions, now);
  return {
    name,
    title: kind.title,
    path: kind.paths[0],
    revision: latest.revision,
    savedAt: latest.savedAt.toISOString(),
    savedBy: latest.savedBy,
    data: JSON.parse(latest.data) as unknown,
    published: live ? { version: live.version, at: iso(live.publishAt), by: live.publishedBy } : null,
    scheduled: versions
      .filter((version) => version.cancelledAt === null && version.publishAt > now)
      .map((version) => ({ version: version.version, at: iso(version.publishAt), by: version.publishedBy }))
      .reverse(),
  };
}

/** The version public at `now`: the newest by time among those not cancelled whose time has come. */
function liveVersionOf<V extends { publishAt: number; version: number; cancelledAt: Date | null }>(
  versions: readonly V[],
  now: number,
): V | undefined {
  return versions
    .filter((version) => version.cancelledAt === null && version.publishAt <= now)
    .sort((a, b) => b.publishAt - a.publishAt || b.version - a.version)[0];
}

/** Every document, as the Content tab and `GET /api/admin/content` list them. */
export async function contentDocuments(deps: Deps, now = Date.now()) {
  const documents = await Promise.all(CONTENT_NAMES.map((name) => contentDocument(deps, name, now)));
  return documents.flatMap((document) =>
    document
      ? [
          {
            name: document.name,
            title: document.title,
            path: document.path,
            revision: document.revision,
            publishedVersion: document.published?.version ?? null,
            scheduledAt: document.scheduled[0]?.at ?? null,
          },
        ]
      : [],
  );
}

/** The published versions of a document, newest first, with who published each and when it went public. */
export async function contentVersions(deps: Deps, name: string) {
  if (!kindOf(name)) return null;
  return (await versionsOf(deps.db, name)).map((version) => ({
    version: version.version,
    at: iso(version.publishAt),
    by: version.publishedBy,
    revision: version.revision,
    restores: version.restores,
    cancelled: version.cancelledAt !== null,
  }));
}

const saveSchema = z.strictObject({
  baseRevision: z.int("baseRevision is the revision this save started from").check(z.positive()),
  data: z.unknown(),
});

/** Saves a draft: the next revision, only if `baseRevision` is still the newest (else 409, naming who saved). */
export const saveContentDraft = guarded(
  { door: "admin", schema: saveSchema },
  async (deps, _caller, { me, input }, name: string): Promise<Outcome<{ revision: number }>> => {
    const kind = kindOf(name);
    if (!kind) return notFound;
    const checked = checkDocument(kind, input.data);
    if (!checked.ok) return invalid(checked.fieldErrors, "The document has mistakes: see each field.");
    await newestRevision(deps, name, kind);
    const data = JSON.stringify(checked.document);
    if (await insertNextRevision(deps.db, name, input.baseRevision, data, me.id)) {
      return done({ revision: input.baseRevision + 1 });
    }
    const latest = await latestRevision(deps.db, name);
    if (!latest) return notFound;
    return {
      kind: "conflict",
      message: `Someone saved this document since you opened it (revision ${latest.revision}): open it again to see their changes.`,
      since: { by: latest.savedBy, at: latest.savedAt.toISOString() },
    };
  },
);

const publishSchema = z.strictObject({
  revision: z.int("revision is the revision to publish").check(z.positive()),
  at: z.optional(
    z.nullable(z.iso.datetime({ offset: true, error: "at is an ISO time, such as 2027-01-31T12:00:00Z" })),
  ),
});

/** One statement pair: the new version, then its audit entry naming it (the row just inserted). */
async function writeVersion(
  deps: Deps,
  caller: Caller,
  me: SignedInUser,
  action: AuditAction,
  row: Parameters<typeof insertVersionStatement>[1],
): Promise<number> {
  const version = await withEventChain(deps.db, async (chain) => {
    const event = auditEntry(me, action as "content-published", "success", 0);
    const [, [written]] = await deps.db.batch([
      insertVersionStatement(deps.db, row),
      insertedVersionStatement(deps.db, row.name),
      chain.appendEach(
        caller,
        event,
        sql`SELECT id FROM content_versions WHERE id = last_insert_rowid() AND name = ${row.name}`,
      ),
    ]);
    if (!written) throw new Error(`content: the new version of ${row.name} was not written`);
    return written.version;
  });
  forgetTimeline();
  emit("content.published", { kind: row.name, versionId: version, userId: me.id, action });
  return version;
}

/** Publishes a revision now, or schedules it for `at`; it goes public at its time with no job to run it. */
export const publishContent = guarded(
  { door: "admin", recent: true, schema: publishSchema },
  async (
    deps,
    caller,
    { me, input },
    name: string,
  ): Promise<Outcome<{ version: number; publishAt: string }>> => {
    const kind = kindOf(name);
    if (!kind) return notFound;
    const now = Date.now();
    const at = input.at ? Date.parse(input.at) : now;
    if (at < now - 1000) return invalid({ at: "Choose a time that has not passed yet." });
    if (at > now + LONGEST_SCHEDULE_MS) return invalid({ at: "Schedule a release at most a year ahead." });
    const stored = await revisionData(deps.db, name, input.revision);
    if (stored === null)
      return invalid({ revision: `There is no revision ${input.revision} of this document.` });
    const checked = checkDocument(kind, JSON.parse(stored));
    if (!checked.ok)
      return invalid(checked.fieldErrors, "This revision has mistakes: correct them and save first.");
    const publishAt = Math.max(at, now);
    const action = at > now ? "content-scheduled" : "content-published";
    const version = await writeVersion(deps, caller, me, action, {
      name,
      revision: input.revision,
      data: JSON.stringify(checked.document),
      publishAt,
      by: me.id,
    });
    return done({ version, publishAt: iso(publishAt) });
  },
);

const versionSchema = z.strictObject({ version: z.int("version is a version's number").check(z.positive()) });

/** Cancels a scheduled version before its time; a version already public is rolled back instead. */
export const cancelScheduledContent = guarded(
  { door: "admin", recent: true, schema: versionSchema },
  async (deps, caller, { me, input }, name: string): Promise<Outcome<{ version: number }>> => {
    if (!kindOf(name)) return notFound;
    const now = Date.now();
    const changed = await withEventChain(deps.db, async (chain) => {
      const target = await versionOf(deps.db, name, input.version);
      if (!target) return null;
      const [result] = await deps.db.batch([
        cancelVersionStatement(deps.db, name, input.version, me.id, now),
        chain.append(caller, auditEntry(me, "content-schedule-cancelled", "success", target.id), {
          ifChanged: true,
        }),
      ]);
      return result.meta.changes;
    });
    forgetTimeline();
    if (changed === null)
      return invalid({ version: `There is no version ${input.version} of this document.` });
    if (changed === 0)
      return conflict("That version is not scheduled: it is public already, or was cancelled.");
    return done({ version: input.version });
  },
);

/** Puts an earlier version's data back as a new version, public now: one action. */
export const rollBackContent = guarded(
  { door: "admin", recent: true, schema: versionSchema },
  async (
    deps,
    caller,
    { me, input },
    name: string,
  ): Promise<Outcome<{ version: number; publishAt: string }>> => {
    if (!kindOf(name)) return notFound;
    const target = await versionOf(deps.db, name, input.version);
    if (!target) return invalid({ version: `There is no version ${input.version} of this document.` });
    const now = Date.now();
    if (target.publishAt > now)
      return invalid({ version: "That version is not public yet: cancel it instead." });
    const version = await writeVersion(deps, caller, me, "content-rolled-back", {
      name,
      revision: target.revision,
      data: target.data,
      publishAt: now,
      by: me.id,
      restores: target.version,
    });
    return done({ version, publishAt: iso(now) });
  },
);

/** Whether the timeline has this name at all: a quick check for the routes. */
export const isContentName = (name: string | undefined): name is keyof typeof CONTENT_KINDS =>
  name !== undefined && kindOf(name) !== undefined;

/** How long a preview link shows its revision. */
export const PREVIEW_LINK_MS = 24 * 60 * 60 * 1000;

const previewSchema = z.strictObject({
  revision: z.optional(z.int("revision is a revision's number").check(z.positive())),
});

/**
 * A link that shows a revision (by default the newest) as its page would look, to anyone who has it, for
 * 24 hours: its token is random and only its sha256 is kept, as for every link the site sends.
 */
export const createPreviewLink = guarded(
  { door: "admin", schema: previewSchema },
  async (deps, caller, { me, input }, name: string): Promise<Outcome<{ url: string; expiresAt: string }>> => {
    const kind = kindOf(name);
    if (!kind) return notFound;
    const revision = input.revision ?? (await newestRevision(deps, name, kind))?.revision;
    if (revision === undefined || (await revisionData(deps.db, name, revision)) === null) {
      return invalid({ revision: `There is no revision ${input.revision} of this document.` });
    }
    const { token, hash } = newLinkToken();
    const expiresAt = new Date(Date.now() + PREVIEW_LINK_MS);
    await insertPreviewLink(deps.db, { tokenHash: hash, name, revision, createdBy: me.id, expiresAt });
    const url = new URL(`${PREVIEW_PATH}?token=${token}`, deps.env.SITE_ORIGIN || caller.origin);
    return done({ url: url.href, expiresAt: expiresAt.toISOString() });
  },
);

/** The document a preview token shows, and its kind's page; null for a token that shows nothing (now). */
export async function previewByToken(db: Deps["db"], token: string) {
  if (!/^[a-z2-7]{40,64}$/.test(token)) return null;
  const found = await previewOf(db, hashToken(token), new Date());
  const kind = found ? kindOf(found.name) : undefined;
  if (!found || !kind) return null;
  return {
    name: found.name as keyof typeof CONTENT_KINDS,
    path: kind.paths[0],
    data: JSON.parse(found.data) as unknown,
  };
}
