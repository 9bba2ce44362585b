import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { NOTIFICATION_MODES } from "../../app/lib/staff-notifications";
import { now, oneOfCheck } from "./columns";
import { users } from "./people";

// How each administrator hears of new messages and registrations, and the digests sent to them
// (docs/decisions/154-notifications-a-person-can-read.md).

/** An administrator's choice; no row means the default, the digest. */
export const staffNotificationChoices = sqliteTable(
  "staff_notification_choices",
  {
    userId: integer("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    mode: text("mode", { enum: NOTIFICATION_MODES }).notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp" }).notNull().default(now),
  },
  (table) => [oneOfCheck("staff_notification_mode", table.mode, NOTIFICATION_MODES)],
);

/**
 * One digest email to one administrator, claimed before it is sent: the key is the administrator and the
 * 15-minute slot of the claim, and a claim is refused while another digest of theirs is unsent or younger
 * than 15 minutes, so a redelivered event or a second consumer sends nothing twice.
 */
export const staffDigests = sqliteTable(
  "staff_digests",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** floor(claimed_at / 900). */
    slot: integer("slot").notNull(),
    claimedAt: integer("claimed_at", { mode: "timestamp" }).notNull(),
    /** The newest contact message and user ids when claimed: anything above them is news for the next one. */
    contactMark: integer("contact_mark").notNull(),
    userMark: integer("user_mark").notNull(),
    /** When a consumer last took it to send (a lease: another takes it only after a while, or once freed). */
    attemptAt: integer("attempt_at", { mode: "timestamp" }),
    sentAt: integer("sent_at", { mode: "timestamp" }),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.slot] }),
    index("staff_digests_claimed_idx").on(table.claimedAt),
  ],
);
