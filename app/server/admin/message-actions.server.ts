import { and, inArray, lte, ne, type SQL } from "drizzle-orm";
import { z } from "zod/mini";
import { COUNT_CAP } from "~/lib/counts";
import { MESSAGE_STATE_WORK, MESSAGE_STATES, type MessageState } from "~/lib/message-states";
import { contactSubmissions } from "../../../db/schema";
import { auditEntry, withEventChain } from "../audit/account-events.server";
import {
  changingState,
  claimStatement,
  contactExists,
  messageStateStatement,
  oneMessage,
  releaseStatement,
  someMessages,
} from "../contact/contact-submissions.server";
import { type ContactFilter, contactWhere, holderOf } from "../contact/message-queue.server";
import type { Database } from "../db.server";
import { guarded } from "../identity/guarded.server";
import type { Caller, Deps } from "../operation.server";
import { alreadyDone, conflict, done, invalid, notFound, type Outcome } from "../outcome";
import type { SessionUser } from "../session-user";
import { parseId } from "./admin-actions.server";
import { tickedIds } from "./ticked-ids";

// What administrators do to contact messages (docs/decisions/152-message-states-and-claims.md): move one
// or many to a state, and take one ("mine") or let it go. Each change is one D1 batch with its audit entries,
// one per message it changed; a repeat changes nothing and logs nothing.

/**
 * Moves the messages `rows` selects to `state`: the entries (one per message that changes) and the change,
 * in one batch and under one condition. Returns how many changed.
 */
export async function moveMessages(
  deps: Deps,
  caller: Caller,
  admin: SessionUser,
  rows: SQL | undefined,
  state: MessageState,
): Promise<number> {
  const [, changed] = await withEventChain(deps.db, (chain) =>
    deps.db.batch([
      chain.appendEach(
        caller,
        {
          actorId: admin.id,
          actorEmail: admin.email,
          action: MESSAGE_STATE_WORK[state].move.audit,
          outcome: "success",
        },
        changingState(deps.db, rows, state),
      ),
      messageStateStatement(deps.db, rows, state, admin.id),
    ]),
  );
  return changed.length;
}

const messageAction = (
  act: (deps: Deps, caller: Caller, admin: SessionUser, id: number) => Promise<Outcome>,
) =>
  guarded({ door: "admin" }, async (deps, caller, { me, input }) => {
    const id = parseId(input);
    if (id === null) return invalid({ id: "The contact id must be a positive whole number." });
    return act(deps, caller, me, id);
  });

/** Moves one message to `state`: the spec's "Mark Processed" is the move to Done. */
export const moveMessage = (state: MessageState) =>
  messageAction(async (deps, caller, admin, id) => {
    if ((await moveMessages(deps, caller, admin, oneMessage(id), state)) > 0) return done(null);
    return (await contactExists(deps.db, id)) ? alreadyDone : notFound;
  });

export const claimMessage = messageAction(async (deps, caller, admin, id) => {
  const [changed] = await withEventChain(deps.db, (chain) =>
    deps.db.batch([
      claimStatement(deps.db, id, admin.id),
      chain.append(caller, auditEntry(admin, "contact-claimed", "success", id), { ifChanged: true }),
    ]),
  );
  if (changed.length > 0) return done(null);
  const holder = await holderOf(deps.db, id);
  if (!holder) return notFound;
  if (holder.claimedBy === admin.id) return alreadyDone;
  return conflict(`${holder.name ?? "Another administrator"} holds this message.`);
});

export const releaseMessage = messageAction(async (deps, caller, admin, id) => {
  const [changed] = await withEventChain(deps.db, (chain) =>
    deps.db.batch([
      releaseStatement(deps.db, id),
      chain.append(caller, auditEntry(admin, "contact-released", "success", id), { ifChanged: true }),
    ]),
  );
  if (changed.length > 0) return done(null);
  return (await contactExists(deps.db, id)) ? alreadyDone : notFound;
});

/**
 * A bulk move as the dashboard posts it: the state to move to, and the ticked rows (`ids`, comma-separated)
 * or every row of the filter that was on show (`scope=matching`, up to the newest id then shown).
 */
const bulkSchema = z.object({
  move: z.enum(MESSAGE_STATES),
  scope: z.optional(z.enum(["ticked", "matching"])),
  ids: z.optional(tickedIds("Tick at least one message.")),
  upto: z.optional(z.string().check(z.regex(/^[1-9]\d{0,15}$/, "The list's newest message is missing."))),
});

function selectedRows(
  db: Database,
  input: z.infer<typeof bulkSchema>,
  filter: ContactFilter,
  adminId: number,
): SQL | null {
  if (input.scope === "matching") {
    if (!input.upto) return null;
    // At most COUNT_CAP at a press, so one batch stays well inside D1's limits; a press again moves more.
    // Only those not in the state yet, so a press again moves the next ones.
    const matching = db
      .select({ id: contactSubmissions.id })
      .from(contactSubmissions)
      .where(
        and(
          contactWhere(filter, adminId),
          lte(contactSubmissions.id, Number(input.upto)),
          ne(contactSubmissions.state, input.move),
        ),
      )
      .orderBy(contactSubmissions.id)
      .limit(COUNT_CAP);
    return inArray(contactSubmissions.id, matching);
  }
  if (!input.ids) return null;
  return someMessages(input.ids.split(",").map(Number));
}

/**
 * Moves many messages to a state in one batch, with one entry per message changed; answers how many
 * changed. `filter` is the list's, read from its address by the caller.
 */
export const moveManyMessages = guarded(
  { door: "admin", schema: bulkSchema },
  async (
    deps,
    caller,
    { me, input },
    filter: ContactFilter,
  ): Promise<Outcome<{ changed: number; state: MessageState }>> => {
    const rows = selectedRows(deps.db, input, filter, me.id);
    if (!rows) return invalid({ ids: "Tick at least one message, or choose every message that matches." });
    const changed = await moveMessages(deps, caller, me, rows, input.move);
    return done({ changed, state: input.move });
  },
);
