import { formatDateTime } from "~/lib/format-date";
import { ARRIVAL_STATE, type MessageState } from "~/lib/message-states";
import { type EmailContent, siteUrl } from "./email-content";

// The administrators' digest (docs/decisions/154-notifications-a-person-can-read.md): what waits for them,
// counted by state, the oldest of each, and a link to each filtered list of the workbench
// (`/admin?tab=contacts&state=…`, `/admin?tab=pending`). Sent at most once every 15 minutes.

/** The oldest item of a list: whose it is and when it came. */
export interface OldestItem {
  name: string;
  since: Date;
}

/** The messages of one state the digest counts (`digestStates`), in its words. */
export interface DigestState {
  state: MessageState;
  /** What the digest calls the count, and the oldest. */
  count: string;
  oldest: string;
  messages: number;
  oldestItem: OldestItem | null;
}

export interface DigestFacts {
  states: DigestState[];
  pendingRegistrations: number;
  oldestPending: OldestItem | null;
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

const oldest = (item: OldestItem | null) =>
  item ? `${item.name}, since ${formatDateTime(item.since)}` : "None";

export const contactsView = (origin: string, state: MessageState) =>
  siteUrl(origin, "/admin", { tab: "contacts", state });
export const pendingView = (origin: string) => siteUrl(origin, "/admin", { tab: "pending" });
export const notificationSettings = (origin: string) => `${siteUrl(origin, "/account")}#notifications-title`;

export function staffDigest({ facts }: { facts: DigestFacts }, origin: string): EmailContent {
  const arrived = facts.states.find((item) => item.state === ARRIVAL_STATE)?.messages ?? 0;
  const messages = count(arrived, "new message", "new messages");
  const registrations = count(facts.pendingRegistrations, "pending registration", "pending registrations");
  return {
    subject: `FACETS digest: ${messages}, ${registrations}`,
    heading: "What waits for you",
    intro: [`${messages} and ${registrations} wait on the dashboard.`],
    details: [
      ...facts.states.map((item): [string, string] => [item.count, String(item.messages)]),
      ["Pending registrations", String(facts.pendingRegistrations)],
      ...facts.states.map((item): [string, string] => [item.oldest, oldest(item.oldestItem)]),
      ["Oldest pending registration", oldest(facts.oldestPending)],
    ],
    action:
      arrived === 0 && facts.pendingRegistrations > 0
        ? { label: "Review pending registrations", url: pendingView(origin) }
        : { label: "Open new messages", url: contactsView(origin, ARRIVAL_STATE) },
    links: [
      ...facts.states.map((item) => ({
        label: `${item.count} (${item.messages})`,
        url: contactsView(origin, item.state),
      })),
      { label: `Pending registrations (${facts.pendingRegistrations})`, url: pendingView(origin) },
    ],
    outro: [
      "You get this digest because you chose a digest of new messages and registrations: at most one email every 15 minutes.",
      `Change how you are told under My account: ${notificationSettings(origin)}`,
    ],
  };
}
