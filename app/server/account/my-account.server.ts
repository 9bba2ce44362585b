import { eq, sql } from "drizzle-orm";
import type { z } from "zod/mini";
import { ADMIN_USER_TYPE_ID } from "~/content/user-types";
import type { OwnEvent } from "~/lib/account-activity";
import type { Person } from "~/lib/person";
import {
  accountDeletionSchema,
  fieldErrorsOf,
  pageSchema,
  passwordChangeSchema,
  profileChangeSchema,
} from "~/lib/schemas";
import { users } from "../../../db/schema";
import { auditEntry, recordEvent, withEventChain } from "../audit/account-events.server";
import { listOwnEvents } from "../audit/own-activity.server";
import { voidCredentialLinksStatements } from "../identity/credential-links.server";
import { guarded } from "../identity/guarded.server";
import { hashPassword } from "../identity/passwords.server";
import {
  deleteOtherSessionsStatement,
  deleteSessionByIdStatement,
  deleteUserSessionRowsStatement,
  forgetEndedSessions,
  forgetUserSessionsInKv,
  type ListedSession,
  listUserSessions,
  newSession,
  renameInSessions,
} from "../identity/sessions.server";
import { revokeSignInTicketsStatement } from "../identity/sign-in-tickets.server";
import { insertMailEventIfChanged, publishMailEvents } from "../mail-outbox.server";
import type { Deps } from "../operation.server";
import { conflict, done, invalid, notFound, type Outcome, unauthenticated } from "../outcome";
import type { SignedInUser } from "../session-user";
import { eraseAddress, isLastActiveAdmin, LAST_ADMIN_MESSAGE } from "./address-erasure.server";
import { holderGuard } from "./holder-confirmation.server";
import { collectPersonalData, type PersonalData } from "./personal-data.server";

// What every signed-in person can do for themselves, one operation per use case behind both
// doors. Each starts from D1: the session must still exist there and the account be approved and active.

export interface Profile extends Person {
  id: number;
  createdAt: string;
}

export const readProfile = guarded(
  { door: "signed-in" },
  async (deps, _caller, { me }): Promise<Outcome<Profile>> => profileOf(deps, me.id),
);

async function profileOf(deps: Deps, id: number): Promise<Outcome<Profile>> {
  const row = await deps.db.query.users.findFirst({ where: eq(users.id, id) });
  if (!row) return unauthenticated;
  const { email, firstName, lastName, company, phone, userTypeId, createdAt } = row;
  return done({
    id,
    email,
    firstName,
    lastName,
    company,
    phone,
    userTypeId,
    createdAt: createdAt.toISOString(),
  });
}

/** Why an administrator's profile change is refused when it names an area of interest. */
export const ROLE_NOT_CHANGED_HERE =
  "Your role is administrator: an administrator has no area of interest, and no profile change alters a role";

/**
 * No self-service change touches a role. An administrator's role and a member's area of interest share
 * `user_type_id`, so an administrator's change may not name one: it is refused, unless it names the type
 * they have (a profile read and sent back whole), which is left out of the change.
 */
function withoutOwnRole(me: SignedInUser, input: unknown): Outcome<unknown> {
  if (!me.isAdmin || typeof input !== "object" || input === null || !("userTypeId" in input)) {
    return done(input);
  }
  const { userTypeId, ...rest } = input as Record<string, unknown>;
  if (userTypeId !== undefined && Number(userTypeId) !== me.userTypeId) {
    return invalid({ userTypeId: ROLE_NOT_CHANGED_HERE });
  }
  return done(rest);
}

/**
 * Changes any of the profile's fields, under the registration's rules, with its account event in the same
 * batch. A new first name is written into the person's sessions too, so the header greets them by it.
 */
export const updateProfile = guarded(
  { rateLimit: "account", door: "signed-in" },
  async (deps, caller, { me, input }): Promise<Outcome<Profile>> => {
    const own = withoutOwnRole(me, input);
    if (own.kind !== "done") return own;
    const parsed = profileChangeSchema.safeParse(own.value);
    if (!parsed.success) return invalid(fieldErrorsOf(parsed.error));
    const { userTypeId, ...fields } = parsed.data;
    const change = {
      ...Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)),
      // The schema allows only the public types; and an administrator's row keeps its type whatever races.
      ...(userTypeId === undefined
        ? {}
        : {
            userTypeId: sql`CASE WHEN ${users.userTypeId} = ${ADMIN_USER_TYPE_ID} THEN ${users.userTypeId} ELSE ${userTypeId} END`,
          }),
    };
    if (Object.keys(change).length > 0) {
      await withEventChain(deps.db, (chain) =>
        deps.db.batch([
          deps.db
            .update(users)
            .set({ ...change, updatedAt: new Date() })
            .where(eq(users.id, me.id)),
          chain.append(caller, auditEntry(me, "profile-changed", "success")),
        ]),
      );
      if (typeof fields.firstName === "string" && fields.firstName !== me.firstName) {
        await renameInSessions(deps.env, me.id, fields.firstName);
      }
    }
    return profileOf(deps, me.id);
  },
);

export const mySessions = guarded(
  { door: "signed-in" },
  async (deps, _caller, { me }): Promise<Outcome<ListedSession[]>> =>
    done(await listUserSessions(deps.db, deps.env, me.id, me.sessionId)),
);

/** Signs out one of the caller's sessions by its id (their current one included); not-found otherwise. */
export const endMySession = guarded(
  { door: "signed-in" },
  async (deps, caller, { me, input: sessionId }): Promise<Outcome> => {
    if (typeof sessionId !== "string" || !/^[a-z2-7]{24}$/.test(sessionId)) return notFound;
    const [ended] = await withEventChain(deps.db, (chain) =>
      deps.db.batch([
        deleteSessionByIdStatement(deps.db, me.id, sessionId),
        chain.append(caller, auditEntry(me, "session-ended", "success"), { ifChanged: true }),
      ]),
    );
    if (ended.length === 0) return notFound;
    await forgetEndedSessions(deps.env, me.id, ended);
    return done(null);
  },
);

/** Signs out every session of the caller but the one asking. */
export const endMyOtherSessions = guarded(
  { door: "signed-in" },
  async (deps, caller, { me }): Promise<Outcome> => {
    const [ended] = await withEventChain(deps.db, (chain) =>
      deps.db.batch([
        deleteOtherSessionsStatement(deps.db, me.id, me.sessionId),
        chain.append(caller, auditEntry(me, "other-sessions-ended", "success")),
      ]),
    );
    await forgetEndedSessions(deps.env, me.id, ended);
    return done(null);
  },
);

/** One page (from 1) of the caller's own account events, newest first, 50 a page. */
export const myActivity = guarded(
  // The events carry addresses and devices, as the data copy does: a stolen cookie alone does not read them.
  { door: "signed-in", recent: true, schema: pageSchema },
  async (deps, _caller, { me, input: page }): Promise<Outcome<OwnEvent[]>> => {
    const offset = (Math.min(page, 10_000) - 1) * 50;
    return done(await listOwnEvents(deps.db, me.id, { limit: 50, offset }));
  },
);

/**
 * Changes the password: the current one must be right, the new one follows the registration's rules.
 * Every session of the person ends at once, the one asking continues under a new token (returned for its
 * cookie), every live reset link and pending address change of the account is voided, and an email tells
 * the person; all in one D1 batch with the account event.
 */
export const changePassword = guarded(
  {
    rateLimit: "account",
    door: "signed-in",
    schema: passwordChangeSchema,
    holder: holderGuard<z.output<typeof passwordChangeSchema>>({
      password: (data) => data.currentPassword,
      action: "password-changed",
    }),
  },
  async (deps, caller, { input: data, holder }): Promise<Outcome<{ token: string }>> => {
    const { user } = holder;
    const passwordHash = await hashPassword(data.password);
    const { id, firstName } = user;
    const isAdmin = user.userTypeId === ADMIN_USER_TYPE_ID;
    const session = newSession(deps.db, { userId: id, firstName, isAdmin }, caller);
    const [, mail] = await withEventChain(deps.db, (chain) =>
      deps.db.batch([
        deps.db
          .update(users)
          .set({ password: passwordHash, updatedAt: new Date(), passwordChangedAt: new Date() })
          .where(eq(users.id, id)),
        insertMailEventIfChanged(deps.db, "password-changed", id),
        revokeSignInTicketsStatement(deps.db, id),
        deleteUserSessionRowsStatement(deps.db, id),
        session.statement,
        chain.append(caller, auditEntry(user, "password-changed", "success")),
        // The old password's reset links and address changes end with it.
        ...voidCredentialLinksStatements(deps.db, id),
      ]),
    );
    await forgetUserSessionsInKv(deps.env, id);
    await session.store(deps.env);
    deps.waitUntil(publishMailEvents(deps.env, mail));
    return done({ token: session.token });
  },
);

/**
 * "Download my data": everything we hold about the caller's address, as the export's JSON. It needs a sign-in
 * within the last 10 minutes ("Confirm it's you"): the copy holds the account's sessions, events and
 * addresses, so a stolen session cookie alone must not take it away.
 */
export const exportMyData = guarded(
  { door: "signed-in", recent: true },
  async (deps, caller, { me }): Promise<Outcome<PersonalData>> => {
    const data = await collectPersonalData(deps.db, deps.env, me.email);
    await recordEvent(deps.db, caller, auditEntry(me, "data-exported", "success"));
    return done(data);
  },
);

/**
 * Deletes the caller's account and what was sent from its address, at once (address-erasure.server.ts
 * `eraseAddress`): the current password and the word DELETE are asked first. The last active administrator
 * is refused, so the dashboard always has someone: before the password and code are checked, so that a
 * refused deletion confirms nothing, and again by the erasure's batch, whose refusal carries the session's
 * new token when a code renewed it. An email confirms the deletion.
 */
export const deleteMyAccount = guarded(
  {
    rateLimit: "account",
    door: "signed-in",
    schema: accountDeletionSchema,
    holder: holderGuard<z.output<typeof accountDeletionSchema>>({
      password: (data) => data.password,
      action: "account-deleted",
      refuse: async (deps, me) =>
        (await isLastActiveAdmin(deps.db, { ...me, isApproved: true, isActive: true }))
          ? conflict(LAST_ADMIN_MESSAGE)
          : null,
    }),
  },
  async (deps, caller, { holder }): Promise<Outcome> => {
    const { user, token } = holder;
    const erased = await eraseAddress(deps, caller, { email: user.email, user }, "account-deleted");
    // Refused by the erasure's own batch (another administrator left at the same moment) after a code renewed
    // the session: the person stays signed in, under the new token.
    if (erased.kind === "conflict" && token) return { ...erased, token };
    return erased;
  },
);
