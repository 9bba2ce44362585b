import type { NotificationMode } from "~/lib/staff-notifications";

// The headers every notification to an administrator carries, so a mail client can file or filter them
// (GitHub's `List-ID` and `X-GitHub-Reason` are the model): the list they belong to, why this person gets
// them, and that no person wrote them. Email Service takes `List-Id` and `Auto-Submitted` from its allowlist
// and any `X-` header; it refuses every other name (docs/decisions/154-notifications-a-person-can-read.md).

const REASONS: Record<Exclude<NotificationMode, "none">, string> = {
  immediate: "immediate; you chose an email for each new message and registration",
  digest: "digest; you chose a digest of new messages and registrations, at most one email every 15 minutes",
};

/** `FACETS staff notifications <staff-notifications.facets.example>`, from the site's public origin. */
export function staffListId(origin: string): string {
  return `FACETS staff notifications <staff-notifications.${new URL(origin).hostname}>`;
}

export function staffNotificationHeaders(
  origin: string,
  mode: Exclude<NotificationMode, "none">,
): Record<string, string> {
  return {
    "List-Id": staffListId(origin),
    "X-FACETS-Reason": REASONS[mode],
    "Auto-Submitted": "auto-generated",
  };
}
