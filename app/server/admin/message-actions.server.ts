import type { SQL } from "drizzle-orm";
import { MESSAGE_STATE_WORK, type MessageState } from "~/lib/message-states";
import { auditEntry, withEventChain } from "../audit/account-events.server";
import {
  changingState,
  claimStatement,
  contactExists,
  messageStateStatement,
  oneMessage,
  releaseStatement,
} from "../contact/contact-submissions.server";
import { holderOf } from "../contact/message-queue.server";
import { guarded } from "../identity/guarded.server";
import type { Caller, Deps } from "../operation.server";
import { alreadyDone, conflict, done, invalid, notFound, type Outcome } from "../outcome";
import type { SessionUser } from "../session-user";
import { parseId } from "./admin-actions.server";

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
  return (await moveMessagesNamed(deps, caller, admin, rows, state)).length;
}

/** As `moveMessages`, answering the ids of the messages that changed. */
export async function moveMessagesNamed(
  deps: Deps,
  caller: Caller,
  admin: SessionUser,
  rows: SQL | undefined,
  state: MessageState,
): Promise<number[]> {
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
  return changed.map((row) => row.id);
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
