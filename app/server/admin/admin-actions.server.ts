import { eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { mailEvents, passkeys, recoveryCodes, sessions, totpCredentials } from "../../../db/schema";
import { type AccountEvent, auditEntry, withEventChain } from "../audit/account-events.server";
import type { Database } from "../db.server";
import { voidCredentialLinksStatements } from "../identity/credential-links.server";
import { guarded } from "../identity/guarded.server";
import {
  deleteUserSessionRowsStatement,
  endUserSessions,
  forgetUserSessionsInKv,
} from "../identity/sessions.server";
import { accountStanding, decidePendingStatement, setActiveStatement } from "../identity/users.server";
import { insertMailEventIfChanged, mailEventRow, publishMailEvents } from "../mail-outbox.server";
import type { Caller, Deps } from "../operation.server";
import { alreadyDone, conflict, done, forbidden, invalid, notFound, type Outcome } from "../outcome";
import { lockEnrolmentStatement } from "../second-factors/enrolment-links.server";
import { hasSecondFactor, secondFactorsOf } from "../second-factors/second-factors.server";
import type { SessionUser } from "../session-user";

// The admin use cases. Each checks, against D1 and never the KV session alone, that the caller is an
// approved, active administrator, then applies one conditional change with its audit entry in the same
// batch: a repeat changes nothing and logs nothing.

/** A positive whole-number id from a URL segment or a form field. */
export function parseId(raw: unknown): number | null {
  if (typeof raw !== "string" || !/^[1-9]\d{0,15}$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) ? id : null;
}

type AdminAction = (deps: Deps, caller: Caller, admin: SessionUser, id: number) => Promise<Outcome>;

/**
 * Wraps an action with the admin check and the id check every admin action shares; with `recentSignIn`,
 * also "Confirm it's you" (an authentication within the last 10 minutes).
 */
function adminAction(subject: "user" | "contact", act: AdminAction, { recentSignIn = false } = {}) {
  return guarded({ door: "admin", recent: recentSignIn }, async (deps, caller, { me, input }) => {
    const id = parseId(input);
    if (id === null) return invalid({ id: `The ${subject} id must be a positive whole number.` });
    return act(deps, caller, me, id);
  });
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

/**
 * Runs an admin action's conditional change and its audit entry in one batch: the entry is written only if
 * the change matched a row (a repeat changes nothing and logs nothing). Returns the batch's results.
 */
function changeWithEntry<T extends readonly BatchItem<"sqlite">[]>(
  deps: Deps,
  caller: Caller,
  event: AccountEvent,
  build: (entry: BatchItem<"sqlite">) => readonly [...T],
) {
  return withEventChain(deps.db, (chain) => {
    const [first, ...rest] = build(chain.append(caller, event, { ifChanged: true }));
    if (!first) throw new Error("an admin action needs its change");
    return deps.db.batch([first, ...rest]) as Promise<{ [K in keyof T]: Awaited<T[K]> }>;
  });
}

export const approveUser = adminAction("user", async (deps, caller, admin, id) => {
  const [changed, , events] = await changeWithEntry(
    deps,
    caller,
    auditEntry(admin, "user-approved", "success", id),
    (entry) => [
      decidePendingStatement(deps.db, id, admin.id, "approve"),
      entry,
      insertMailEventIfChanged(deps.db, "account-approved", id),
    ],
  );
  if (changed.length === 0) return unchangedOutcome(deps.db, id, ["active", "inactive"]);
  deps.waitUntil(publishMailEvents(deps.env, events));
  return done(null);
});

export const rejectUser = adminAction("user", async (deps, caller, admin, id) => {
  const [changed] = await changeWithEntry(
    deps,
    caller,
    auditEntry(admin, "user-rejected", "success", id),
    (entry) => [decidePendingStatement(deps.db, id, admin.id, "reject"), entry],
  );
  if (changed.length === 0) return unchangedOutcome(deps.db, id, ["rejected"]);
  await endUserSessions(deps.env, deps.db, id);
  return done(null);
});

export const deactivateUser = adminAction(
  "user",
  async (deps, caller, admin, id) => {
    if (id === admin.id) return conflict("You cannot deactivate your own account.");
    const [changed] = await changeWithEntry(
      deps,
      caller,
      auditEntry(admin, "user-deactivated", "success", id),
      (entry) => [setActiveStatement(deps.db, id, false, admin.id), entry],
    );
    // Deactivated meanwhile (perhaps by the administrator this one was deactivating): no longer let in.
    if (changed.length === 0 && (await accountStanding(deps.db, admin.id)) !== "active") return forbidden;
    if (changed.length === 0) return unchangedOutcome(deps.db, id, ["inactive"]);
    await endUserSessions(deps.env, deps.db, id);
    return done(null);
  },
  { recentSignIn: true },
);

/**
 * "Sign out everywhere" for any account: every session ends at once for everything privileged (its D1 row
 * goes in the same batch as the entry), then its KV records. An account with no session changes nothing.
 */
export const endSessionsOfUser = adminAction("user", async (deps, caller, admin, id) => {
  if ((await accountStanding(deps.db, id)) === null) return notFound;
  const open = await deps.db.$count(sessions, eq(sessions.userId, id));
  if (open === 0) return alreadyDone;
  await withEventChain(deps.db, (chain) =>
    deps.db.batch([
      deleteUserSessionRowsStatement(deps.db, id),
      chain.append(caller, auditEntry(admin, "sessions-ended", "success", id)),
    ]),
  );
  await forgetUserSessionsInKv(deps.env, id);
  return done(null);
});

/**
 * Resets a person's second factors (a lost phone): the authenticator app, passkeys and recovery codes go,
 * with every session, in one batch with the entry and the email that tells them. They set a factor up
 * again after their next sign-in (an administrator must), through the link in that email: the password
 * alone no longer enrols (enrolment-links.server.ts). Needs "Confirm it's you".
 */
export const resetSecondFactorsOfUser = adminAction(
  "user",
  async (deps, caller, admin, id) => {
    if (id === admin.id) return conflict("Manage your own second factors on your Sign-in security page.");
    if ((await accountStanding(deps.db, id)) === null) return notFound;
    const factors = await secondFactorsOf(deps.db, id);
    const pending = await deps.db.$count(totpCredentials, eq(totpCredentials.userId, id));
    if (!hasSecondFactor(factors) && factors.recoveryCodesLeft === 0 && pending === 0) return alreadyDone;
    const mail = mailEventRow("second-factors-reset", id);
    await withEventChain(deps.db, (chain) =>
      deps.db.batch([
        deps.db.delete(totpCredentials).where(eq(totpCredentials.userId, id)),
        deps.db.delete(recoveryCodes).where(eq(recoveryCodes.userId, id)),
        deps.db.delete(passkeys).where(eq(passkeys.userId, id)),
        deleteUserSessionRowsStatement(deps.db, id),
        // An address change or a reset link asked for before the reset (perhaps by whoever the reset is
        // for) never completes.
        ...voidCredentialLinksStatements(deps.db, id),
        lockEnrolmentStatement(deps.db, id),
        deps.db.insert(mailEvents).values(mail),
        chain.append(caller, auditEntry(admin, "second-factors-reset", "success", id)),
      ]),
    );
    await forgetUserSessionsInKv(deps.env, id);
    deps.waitUntil(publishMailEvents(deps.env, [mail]));
    return done(null);
  },
  { recentSignIn: true },
);

export const reactivateUser = adminAction("user", async (deps, caller, admin, id) => {
  const [changed] = await changeWithEntry(
    deps,
    caller,
    auditEntry(admin, "user-reactivated", "success", id),
    (entry) => [setActiveStatement(deps.db, id, true), entry],
  );
  if (changed.length === 0) return unchangedOutcome(deps.db, id, ["active"]);
  return done(null);
});
