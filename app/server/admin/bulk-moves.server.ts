import { and, lte, notInArray, type SQL } from "drizzle-orm";
import { z } from "zod/mini";
import {
  BULK_SCOPES,
  BULK_TOKEN,
  type BulkConfirmation,
  type BulkMoved,
  type BulkScope,
} from "~/lib/bulk-moves";
import { isClosedState, MESSAGE_STATES, type MessageState } from "~/lib/message-states";
import { contactSubmissions } from "../../../db/schema";
import { someMessages } from "../contact/contact-submissions.server";
import { type ContactFilter, contactWhere } from "../contact/message-queue.server";
import type { Database } from "../db.server";
import type { Caller, Deps } from "../deps";
import { guarded } from "../identity/guarded.server";
import { alreadyDone, conflict, done, invalid, type Outcome } from "../outcome";
import type { SessionUser } from "../session-user";
import {
  groupsOf,
  keepRecord,
  keptOnly,
  pinnedRows,
  readSelection,
  type Selection,
  sampleOf,
  sizeOf,
  takeRecord,
} from "./bulk-selection.server";
import { moveMessagesNamed } from "./message-actions.server";
import { tickedIds } from "./ticked-ids";

// The queue's bulk moves (docs/decisions/152, 177): the ticked messages, every message the list's filters
// select up to the newest one it showed (`upto`), or all of those but the ticked ones. A move of more than
// the ticked rows is confirmed first: the press answers how many, in which states, and a sample, and keeps
// that selection in KV; the confirmation's press moves exactly those messages, each only while it is still
// in the state it was counted in, so nothing moves that the confirmation did not name. Every move keeps
// what its undo needs (each message and the state it left) in KV for an hour, bound to who moved.

const token = (message: string) => z.string().check(z.regex(BULK_TOKEN, message));

/**
 * A bulk move as the dashboard posts it: the state to move to, the scope, the ticked rows (`ids`,
 * comma-separated), the newest id the list showed (`upto`), and on the confirmation's press its token
 * (`confirm`) and, for a move that closes, the one state whose messages alone move (`only`).
 */
const bulkSchema = z.object({
  move: z.enum(MESSAGE_STATES),
  scope: z.optional(z.enum(BULK_SCOPES)),
  ids: z.optional(tickedIds("Tick at least one message.")),
  upto: z.optional(z.string().check(z.regex(/^[1-9]\d{0,15}$/, "The list's newest message is missing."))),
  confirm: z.optional(token("This confirmation is not one the site gave.")),
  only: z.optional(z.enum(MESSAGE_STATES)),
});
type BulkInput = z.infer<typeof bulkSchema>;

const NOTHING_TICKED = "Tick at least one message, or choose every message that matches.";
const NO_UPTO = "The list's newest message is missing: show the list again and press the move again.";

const tickedOf = (input: BulkInput) => (input.ids ? input.ids.split(",").map(Number) : []);

/** The rows the scope names, or the field error that says why none. */
function scopeRows(
  input: BulkInput,
  scope: BulkScope,
  filter: ContactFilter,
  adminId: number,
): { rows: SQL } | { refused: Record<string, string> } {
  if (scope === "ticked") {
    return input.ids ? { rows: someMessages(tickedOf(input)) } : { refused: { ids: NOTHING_TICKED } };
  }
  if (!input.upto) return { refused: { upto: NO_UPTO } };
  const ticked = tickedOf(input);
  const rows = and(
    contactWhere(filter, adminId),
    lte(contactSubmissions.id, Number(input.upto)),
    scope === "except" && ticked.length > 0 ? notInArray(contactSubmissions.id, ticked) : undefined,
  );
  return { rows: rows ?? lte(contactSubmissions.id, Number(input.upto)) };
}

/** Moves the selection (each message only while in the state it was read in) and keeps its undo. */
async function moveSelection(
  deps: Deps,
  caller: Caller,
  me: SessionUser,
  groups: Selection,
  to: MessageState,
  scope: BulkScope,
): Promise<BulkMoved> {
  const rows = pinnedRows(groups);
  const changed = rows ? await moveMessagesNamed(deps, caller, me, rows, to) : [];
  const undo =
    changed.length > 0
      ? await keepRecord(deps.env, "undo", { admin: me.id, to, groups: keptOnly(groups, changed) })
      : null;
  return { kind: "moved", to, scope, changed: changed.length, undo };
}

async function confirmation(
  db: Database,
  env: Env,
  me: SessionUser,
  groups: Selection,
  to: MessageState,
  scope: BulkScope,
): Promise<BulkConfirmation> {
  const [token, sample] = await Promise.all([
    keepRecord(env, "confirm", { admin: me.id, to, groups }),
    sampleOf(db, groups),
  ]);
  return {
    kind: "confirm",
    to,
    scope,
    token,
    total: sizeOf(groups),
    byState: groupsOf(groups).map(([state, ids]) => ({ state, count: ids.length })),
    sample,
    closes: isClosedState(to),
  };
}

/**
 * Moves many messages to a state: the ticked ones at once; more than those once confirmed (the first press
 * answers the confirmation). `filter` is the list's, read from its address by the caller.
 */
export const moveManyMessages = guarded(
  { door: "admin", schema: bulkSchema },
  async (
    deps,
    caller,
    { me, input },
    filter: ContactFilter,
  ): Promise<Outcome<BulkConfirmation | BulkMoved>> => {
    const scope = input.scope ?? "ticked";
    if (input.confirm) {
      const kept = await takeRecord(deps.env, "confirm", input.confirm, me.id);
      if (!kept || kept.to !== input.move) {
        return conflict("This confirmation was used or has expired: press the move again to see it anew.");
      }
      // Closing, one state's messages may go alone (the Waiting ones of the Open view stay open).
      const groups = input.only ? { [input.only]: kept.groups[input.only] ?? [] } : kept.groups;
      return done(await moveSelection(deps, caller, me, groups, input.move, scope));
    }
    const chosen = scopeRows(input, scope, filter, me.id);
    if ("refused" in chosen) return invalid(chosen.refused);
    const groups = await readSelection(deps.db, chosen.rows, input.move);
    if (scope === "ticked" || sizeOf(groups) === 0) {
      return done(await moveSelection(deps, caller, me, groups, input.move, scope));
    }
    return done(await confirmation(deps.db, deps.env, me, groups, input.move, scope));
  },
);

const undoSchema = z.object({ undo: token("This undo is not one the site gave.") });

/**
 * Undoes a bulk move: each message it moved goes back to the state it left, if it is still in the state it
 * was moved to (one touched since stays), with an entry per message, as any move. Once: a second press, an
 * hour later or another administrator's finds nothing to undo.
 */
export const undoBulkMove = guarded(
  { door: "admin", schema: undoSchema },
  async (deps, caller, { me, input }): Promise<Outcome<{ changed: number; left: number }>> => {
    const kept = await takeRecord(deps.env, "undo", input.undo, me.id);
    if (!kept) return alreadyDone;
    let changed = 0;
    for (const [state, ids] of groupsOf(kept.groups)) {
      const rows = pinnedRows({ [state]: ids }, kept.to);
      if (rows) changed += (await moveMessagesNamed(deps, caller, me, rows, state)).length;
    }
    return done({ changed, left: sizeOf(kept.groups) - changed });
  },
);
