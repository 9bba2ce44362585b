import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";
import { and, eq, inArray, ne, or, type SQL, sql } from "drizzle-orm";
import type { BulkSample } from "~/lib/bulk-moves";
import { COUNT_CAP } from "~/lib/counts";
import { MESSAGE_STATES, type MessageState } from "~/lib/message-states";
import { contactSubmissions } from "../../../db/schema";
import { sha256Hex } from "../audit/audit-chain";
import type { Database } from "../db.server";

// What a bulk move of the queue selects, and what it keeps in KV (docs/decisions/177-triage-bulk.md): the
// messages a move would change, each with the state it is in; a confirmation's selection, so the move
// confirmed moves exactly what the confirmation counted; and a move's, so its undo puts each back.

/** Message ids grouped by the state each was in when read. */
export type Selection = Partial<Record<MessageState, number[]>>;

/** What a token names in KV: a confirmation waiting for its press, or a move's undo. */
export interface BulkRecord {
  admin: number;
  to: MessageState;
  groups: Selection;
}

export type RecordKind = "confirm" | "undo";

/** A confirmation waits ten minutes for its press; a move may be undone for an hour. */
const TTL_SECONDS: Record<RecordKind, number> = { confirm: 600, undo: 3600 };

// KV keeps only the token's sha256, as it does of a session's.
const keyOf = (kind: RecordKind, token: string) => `bulk-${kind}:${sha256Hex(token)}`;

/** Keeps a record for `kind` and answers its token: 32 random bytes, unguessable. */
export async function keepRecord(env: Env, kind: RecordKind, record: BulkRecord): Promise<string> {
  const token = encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(32)));
  await env.SESSIONS.put(keyOf(kind, token), JSON.stringify(record), { expirationTtl: TTL_SECONDS[kind] });
  return token;
}

/**
 * Takes the record a token names, once: null when there is none (used, expired, never) or another
 * administrator's, whose record stays for them.
 */
export async function takeRecord(
  env: Env,
  kind: RecordKind,
  token: string,
  adminId: number,
): Promise<BulkRecord | null> {
  const key = keyOf(kind, token);
  const record = await env.SESSIONS.get<BulkRecord>(key, "json");
  if (!record || record.admin !== adminId) return null;
  await env.SESSIONS.delete(key);
  return record;
}

/**
 * The messages `rows` selects that a move to `to` would change, oldest id first, at most COUNT_CAP (one
 * batch stays well inside D1's limits; a press again moves the next ones), each with its state.
 */
export async function readSelection(
  db: Database,
  rows: SQL | undefined,
  to: MessageState,
): Promise<Selection> {
  const found = await db
    .select({ id: contactSubmissions.id, state: contactSubmissions.state })
    .from(contactSubmissions)
    .where(and(rows, ne(contactSubmissions.state, to)))
    .orderBy(contactSubmissions.id)
    .limit(COUNT_CAP);
  const groups: Selection = {};
  for (const row of found) {
    const ids = groups[row.state] ?? [];
    ids.push(row.id);
    groups[row.state] = ids;
  }
  return groups;
}

/** The groups' states in the table's order, with their ids. */
export const groupsOf = (groups: Selection): [MessageState, number[]][] =>
  MESSAGE_STATES.flatMap((state) => {
    const ids = groups[state];
    return ids && ids.length > 0 ? [[state, ids] as [MessageState, number[]]] : [];
  });

export const sizeOf = (groups: Selection) => groupsOf(groups).reduce((sum, [, ids]) => sum + ids.length, 0);

/**
 * The ids, bound as one JSON parameter (D1 binds at most 100 parameters to a statement, and a selection
 * holds up to 10,000).
 */
const idsIn = (ids: readonly number[]): SQL =>
  sql`${contactSubmissions.id} IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`;

/**
 * The messages of a selection still in the state each was read in (`in`), or all in one state `in`: the rows
 * a move of it takes. Undefined for an empty selection, which a caller must never move (no condition is
 * every row).
 */
export function pinnedRows(groups: Selection, inState?: MessageState): SQL | undefined {
  const parts = groupsOf(groups).map(([state, ids]) =>
    and(idsIn(ids), eq(contactSubmissions.state, inState ?? state)),
  );
  return parts.length === 0 ? undefined : or(...parts);
}

/** The selection narrowed to the ids that `changed` names. */
export function keptOnly(groups: Selection, changed: readonly number[]): Selection {
  const moved = new Set(changed);
  const kept: Selection = {};
  for (const [state, ids] of groupsOf(groups)) {
    const still = ids.filter((id) => moved.has(id));
    if (still.length > 0) kept[state] = still;
  }
  return kept;
}

/** A few of the selection's messages, oldest first: who sent them and their first line. */
export async function sampleOf(db: Database, groups: Selection, size = 5): Promise<BulkSample[]> {
  const ids = groupsOf(groups)
    .flatMap(([, list]) => list)
    .sort((a, b) => a - b)
    .slice(0, size);
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: contactSubmissions.id,
      firstName: contactSubmissions.firstName,
      lastName: contactSubmissions.lastName,
      email: contactSubmissions.email,
      message: sql<string>`substr(${contactSubmissions.message}, 1, 200)`,
    })
    .from(contactSubmissions)
    .where(inArray(contactSubmissions.id, ids))
    .orderBy(contactSubmissions.id);
  return rows.map((row) => ({
    id: row.id,
    name: `${row.firstName} ${row.lastName}`,
    email: row.email,
    line: (row.message.split("\n", 1)[0] ?? "").slice(0, 120),
  }));
}
