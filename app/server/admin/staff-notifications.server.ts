import { and, eq, sql } from "drizzle-orm";
import { ADMIN_USER_TYPE_ID } from "~/content/user-types";
import { staffNotificationsSchema } from "~/lib/schemas";
import { DEFAULT_NOTIFICATION_MODE, type NotificationMode } from "~/lib/staff-notifications";
import { staffNotificationChoices, users } from "../../../db/schema";
import { auditEntry, withEventChain } from "../audit/account-events.server";
import type { Database } from "../db.server";
import { guarded } from "../identity/guarded.server";
import { done, type Outcome } from "../outcome";

// How each administrator hears of new contact messages and registrations: one email each, a digest, or
// none (docs/decisions/154-notifications-a-person-can-read.md). An administrator who never chose gets the
// digest. The mail door reads who chose what; an administrator changes only their own choice.

/** SQL of a user's choice (its table's row, or the default). */
const modeSql = sql<NotificationMode>`COALESCE(${staffNotificationChoices.mode}, ${DEFAULT_NOTIFICATION_MODE})`;

/** Approved, active administrators who chose `mode` (the default counts for those who never chose). */
export function adminsWhoChose(db: Database, mode: NotificationMode) {
  return db
    .select({ id: users.id, email: users.email })
    .from(users)
    .leftJoin(staffNotificationChoices, eq(staffNotificationChoices.userId, users.id))
    .where(
      and(
        eq(users.userTypeId, ADMIN_USER_TYPE_ID),
        eq(users.isApproved, true),
        eq(users.isActive, true),
        sql`${modeSql} = ${mode}`,
      ),
    );
}

async function modeOf(db: Database, userId: number): Promise<NotificationMode> {
  const row = await db.query.staffNotificationChoices.findFirst({
    columns: { mode: true },
    where: eq(staffNotificationChoices.userId, userId),
  });
  return row?.mode ?? DEFAULT_NOTIFICATION_MODE;
}

/** The caller's own choice (administrators only). */
export const readStaffNotifications = guarded(
  { door: "admin" },
  async (deps, _caller, { me }): Promise<Outcome<NotificationMode>> => done(await modeOf(deps.db, me.id)),
);

/**
 * Sets the caller's choice, and records it in the audit log in the same batch when it changed anything;
 * choosing what one has already is done, with no entry.
 */
export const chooseStaffNotifications = guarded(
  { rateLimit: "account", door: "admin", schema: staffNotificationsSchema },
  async (deps, caller, { me, input }): Promise<Outcome<NotificationMode>> => {
    const { db } = deps;
    const current = await modeOf(db, me.id);
    if (current === input.mode) return done(current);
    await withEventChain(db, (chain) =>
      db.batch([
        db
          .insert(staffNotificationChoices)
          .values({ userId: me.id, mode: input.mode })
          .onConflictDoUpdate({
            target: staffNotificationChoices.userId,
            set: { mode: input.mode, updatedAt: new Date() },
            setWhere: sql`${staffNotificationChoices.mode} <> ${input.mode}`,
          }),
        chain.append(caller, auditEntry(me, "staff-notifications-chosen", "success"), { ifChanged: true }),
      ]),
    );
    return done(input.mode);
  },
);
