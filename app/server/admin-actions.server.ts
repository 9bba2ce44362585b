import { contactExists, markProcessedStatement } from "./contact-submissions.server";
import type { Database } from "./db.server";
import { insertMailEventIfChanged, publishMailEvents } from "./mail-outbox.server";
import type { Caller, Deps } from "./operation.server";
import {
  alreadyDone,
  conflict,
  done,
  forbidden,
  invalid,
  notFound,
  type Outcome,
  unauthenticated,
} from "./outcome";
import type { SessionUser } from "./session-user";
import { endUserSessions } from "./sessions.server";
import {
  accountStanding,
  approveStatement,
  findSignedInUser,
  rejectStatement,
  setActiveStatement,
} from "./users.server";

// The admin use cases. Each checks, against D1 and never the KV session alone, that the caller is an
// approved, active administrator, then applies one conditional change: a repeat changes nothing.

/** The caller as an administrator, read from D1, or why not. */
export async function requireAdmin(db: Database, caller: Caller): Promise<Outcome<SessionUser>> {
  if (!caller.session) return unauthenticated;
  const user = await findSignedInUser(db, caller.session);
  if (!user) return unauthenticated;
  return user.isAdmin ? done(user) : forbidden;
}

/** A positive whole-number id from a URL segment or a form field. */
export function parseId(raw: unknown): number | null {
  if (typeof raw !== "string" || !/^[1-9]\d{0,15}$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) ? id : null;
}

type AdminAction = (deps: Deps, admin: SessionUser, id: number) => Promise<Outcome>;

/** Wraps an action with the admin check and the id check every admin action shares. */
function adminAction(subject: "user" | "contact", act: AdminAction) {
  return async (deps: Deps, caller: Caller, rawId: unknown): Promise<Outcome> => {
    const admin = await requireAdmin(deps.db, caller);
    if (admin.kind !== "done") return admin;
    const id = parseId(rawId);
    if (id === null) return invalid({ id: `The ${subject} id must be a positive whole number.` });
    return act(deps, admin.value, id);
  };
}

const STANDING_CONFLICTS = {
  pending: "This account is still waiting for approval.",
  rejected: "This account was rejected.",
  active: "This account is active.",
  inactive: "This account is deactivated.",
} as const;

/** Why a conditional change matched no row: gone, already in the target state, or in another state. */
async function unchangedOutcome(db: Database, id: number, target: Array<keyof typeof STANDING_CONFLICTS>) {
  const standing = await accountStanding(db, id);
  if (standing === null) return notFound;
  return target.includes(standing) ? alreadyDone : conflict(STANDING_CONFLICTS[standing]);
}

export const approveUser = adminAction("user", async (deps, admin, id) => {
  const [changed, events] = await deps.db.batch([
    approveStatement(deps.db, id, admin.id),
    insertMailEventIfChanged(deps.db, "account-approved", id),
  ]);
  if (changed.length === 0) return unchangedOutcome(deps.db, id, ["active", "inactive"]);
  deps.waitUntil(publishMailEvents(deps.env, events));
  return done(null);
});

export const rejectUser = adminAction("user", async (deps, admin, id) => {
  const changed = await rejectStatement(deps.db, id, admin.id);
  if (changed.length === 0) return unchangedOutcome(deps.db, id, ["rejected"]);
  await endUserSessions(deps.env, deps.db, id);
  return done(null);
});

export const deactivateUser = adminAction("user", async (deps, admin, id) => {
  if (id === admin.id) return conflict("You cannot deactivate your own account.");
  const changed = await setActiveStatement(deps.db, id, false);
  if (changed.length === 0) return unchangedOutcome(deps.db, id, ["inactive"]);
  await endUserSessions(deps.env, deps.db, id);
  return done(null);
});

export const reactivateUser = adminAction("user", async (deps, _admin, id) => {
  const changed = await setActiveStatement(deps.db, id, true);
  if (changed.length === 0) return unchangedOutcome(deps.db, id, ["active"]);
  return done(null);
});

export const markContactProcessed = adminAction("contact", async (deps, admin, id) => {
  const changed = await markProcessedStatement(deps.db, id, admin.id);
  if (changed.length > 0) return done(null);
  return (await contactExists(deps.db, id)) ? alreadyDone : notFound;
});
