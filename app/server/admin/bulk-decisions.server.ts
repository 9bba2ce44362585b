import { inArray } from "drizzle-orm";
import { z } from "zod/mini";
import { sessions, users } from "../../../db/schema";
import { type EventChain, withEventChain } from "../audit/account-events.server";
import { guarded } from "../identity/guarded.server";
import { endUserSessions } from "../identity/sessions.server";
import { decideManyPendingStatement, pendingAmong, pendingUpTo } from "../identity/users.server";
import { insertMailEventsFor, publishMailEvents } from "../mail-outbox.server";
import type { Deps } from "../operation.server";
import { done, invalid, type Outcome } from "../outcome";
import { tickedIds } from "./ticked-ids";

// Approving or rejecting many registrations at once (docs/decisions/152-message-states-and-claims.md): the
// ticked ones, or every pending one on show. One D1 batch writes an entry per account decided, the approval
// emails, and the decision itself, all under one condition (pending), so a repeat decides nothing.

const bulkDecisionSchema = z.object({
  decide: z.enum(["approve", "reject"]),
  scope: z.optional(z.enum(["ticked", "matching"])),
  ids: z.optional(tickedIds("Tick at least one person.")),
  upto: z.optional(
    z.string().check(z.regex(/^[1-9]\d{0,15}$/, "The list's newest registration is missing.")),
  ),
});

/**
 * At most this many registrations a press: their approval emails are put on the queue after the answer, 50
 * to a batch, and a thousand keeps that to twenty batches; a press again decides the next.
 */
const MOST_APPROVED = 1_000;

export const decideManyUsers = guarded(
  { door: "admin", schema: bulkDecisionSchema },
  async (
    deps,
    caller,
    { me, input },
  ): Promise<Outcome<{ changed: number; decision: "approve" | "reject" }>> => {
    const rows =
      input.scope === "matching"
        ? input.upto
          ? pendingUpTo(deps.db, Number(input.upto), MOST_APPROVED)
          : null
        : input.ids
          ? inArray(users.id, input.ids.split(",").map(Number))
          : null;
    if (!rows) return invalid({ ids: "Tick at least one person, or choose every pending registration." });
    const decision = input.decide;
    const event = {
      actorId: me.id,
      actorEmail: me.email,
      action: decision === "approve" ? ("user-approved" as const) : ("user-rejected" as const),
      outcome: "success" as const,
    };
    const entries = (chain: EventChain) => chain.appendEach(caller, event, pendingAmong(deps.db, rows));
    const decide = () => decideManyPendingStatement(deps.db, rows, me.id, decision);
    if (decision === "approve") {
      const [, mail, decided] = await withEventChain(deps.db, (chain) =>
        deps.db.batch([
          entries(chain),
          insertMailEventsFor(deps.db, "account-approved", pendingAmong(deps.db, rows)),
          decide(),
        ]),
      );
      deps.waitUntil(publishMailEvents(deps.env, mail));
      return done({ changed: decided.length, decision });
    }
    const [, decided] = await withEventChain(deps.db, (chain) => deps.db.batch([entries(chain), decide()]));
    await endSessionsOf(
      deps,
      decided.map((row) => row.id),
    );
    return done({ changed: decided.length, decision });
  },
);

/** A rejected account is signed out everywhere, as one rejected alone is. */
async function endSessionsOf(deps: Deps, ids: number[]) {
  // In chunks, as D1 binds at most 100 parameters to a statement.
  for (let start = 0; start < ids.length; start += 90) {
    const holders = await deps.db
      .selectDistinct({ userId: sessions.userId })
      .from(sessions)
      .where(inArray(sessions.userId, ids.slice(start, start + 90)));
    for (const { userId } of holders) await endUserSessions(deps.env, deps.db, userId);
  }
}
