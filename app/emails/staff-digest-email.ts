import { formatDateTime } from "~/lib/format-date";
import { MESSAGE_STATE_LABELS } from "~/lib/message-states";
import { type EmailContent, siteUrl } from "./email-content";

// The administrators' digest (docs/decisions/154-notifications-a-person-can-read.md): what waits for them,
// counted by state, the oldest of each, and a link to each filtered list of the workbench
// (`/admin?tab=contacts&state=…`, `/admin?tab=pending`). Sent at most once every 15 minutes.

/** The oldest item of a list: whose it is and when it came. */
export interface OldestItem {
  name: string;
  since: Date;
}

export interface DigestFacts {
  newMessages: number;
  waitingMessages: number;
  pendingRegistrations: number;
  oldestNew: OldestItem | null;
  oldestWaiting: OldestItem | null;
  oldestPending: OldestItem | null;
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

const oldest = (item: OldestItem | null) =>
  item ? `${item.name}, since ${formatDateTime(item.since)}` : "None";

export const contactsView = (origin: string, state: "new" | "waiting") =>
  siteUrl(origin, "/admin", { tab: "contacts", state });
export const pendingView = (origin: string) => siteUrl(origin, "/admin", { tab: "pending" });
export const notificationSettings = (origin: string) => `${siteUrl(origin, "/account")}#notifications-title`;

export function staffDigest({ facts }: { facts: DigestFacts }, origin: string): EmailContent {
  const messages = count(facts.newMessages, "new message", "new messages");
  const registrations = count(facts.pendingRegistrations, "pending registration", "pending registrations");
  return {
    subject: `FACETS digest: ${messages}, ${registrations}`,
    heading: "What waits for you",
    intro: [`${messages} and ${registrations} wait on the dashboard.`],
    details: [
      [`${MESSAGE_STATE_LABELS.new} messages`, String(facts.newMessages)],
      [MESSAGE_STATE_LABELS.waiting, String(facts.waitingMessages)],
      ["Pending registrations", String(facts.pendingRegistrations)],
      ["Oldest new message", oldest(facts.oldestNew)],
      ["Oldest waiting on the applicant", oldest(facts.oldestWaiting)],
      ["Oldest pending registration", oldest(facts.oldestPending)],
    ],
    action:
      facts.newMessages === 0 && facts.pendingRegistrations > 0
        ? { label: "Review pending registrations", url: pendingView(origin) }
        : { label: "Open new messages", url: contactsView(origin, "new") },
    links: [
      {
        label: `${MESSAGE_STATE_LABELS.new} messages (${facts.newMessages})`,
        url: contactsView(origin, "new"),
      },
      {
        label: `${MESSAGE_STATE_LABELS.waiting} (${facts.waitingMessages})`,
        url: contactsView(origin, "waiting"),
      },
      { label: `Pending registrations (${facts.pendingRegistrations})`, url: pendingView(origin) },
    ],
    outro: [
      "You get this digest because you chose a digest of new messages and registrations: at most one email every 15 minutes.",
      `Change how you are told under My account: ${notificationSettings(origin)}`,
    ],
  };
}
