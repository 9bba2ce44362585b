// How an administrator hears of new contact messages and registrations
// (docs/decisions/154-notifications-a-person-can-read.md): one email each, a digest at most every 15 minutes,
// or nothing. The digest is the default, for administrators who never chose.
//
// This module imports nothing: drizzle-kit loads it with the schema, outside the app's build.

export const NOTIFICATION_MODES = ["immediate", "digest", "none"] as const;
export type NotificationMode = (typeof NOTIFICATION_MODES)[number];

export const DEFAULT_NOTIFICATION_MODE: NotificationMode = "digest";

/** At most one digest email per administrator in this many seconds. */
export const DIGEST_WINDOW_SECONDS = 15 * 60;

export const NOTIFICATION_MODE_LABELS: Record<NotificationMode, { label: string; hint: string }> = {
  immediate: {
    label: "Immediately",
    hint: "One email for each contact message and each registration.",
  },
  digest: {
    label: "A digest (recommended)",
    hint: "At most one email every 15 minutes: how many messages and registrations wait, the oldest, and a link to them.",
  },
  none: {
    label: "No email",
    hint: "Nothing by email; you see everything on the dashboard.",
  },
};

export function isNotificationMode(value: unknown): value is NotificationMode {
  return (NOTIFICATION_MODES as readonly unknown[]).includes(value);
}
