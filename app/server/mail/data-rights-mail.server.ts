import { eq } from "drizzle-orm";
import { mailEvents, privacyRequests } from "../../../db/schema";
import { privacyAnswerFor } from "../account/privacy-requests.server";
import type { Database } from "../db.server";
import { HOUR_LINK_SECONDS } from "../identity/account-tokens.server";
import type { MailEventMessage } from "../mail-outbox.server";
import { isLive, mintLinkToken } from "./link-tokens.server";
import { type MailEventTable, mailEvent, toAddress } from "./planned-emails.server";

// The events of a person's data rights: a request for what we hold, and the last email after a deletion or
// an erasure.

/** The address a deletion's or an erasure's event keeps until its confirmation is sent. */
async function keptRecipient(db: Database, event: MailEventMessage): Promise<string | null> {
  const row = await db.query.mailEvents.findFirst({
    columns: { recipient: true },
    where: eq(mailEvents.id, event.id),
  });
  return row?.recipient ?? null;
}

export const DATA_RIGHTS_MAIL = {
  /**
   * A link to what we hold, only for an address we hold something about and that has no approved, active
   * account (privacy-requests.server.ts): such an account is told to use /account instead, with no link. No
   * mail to a stranger's inbox, and the request of an address we know nothing about is deleted.
   */
  "privacy-request": mailEvent({
    sends: ["privacy-use-account", "privacy-link"],
    async emails(db, { subjectId }) {
      const request = await db.query.privacyRequests.findFirst({ where: eq(privacyRequests.id, subjectId) });
      if (!request) return null;
      if (!isLive(request)) return [];
      const answer = await privacyAnswerFor(db, request.email);
      if (answer.kind === "nothing") {
        // Nothing to show: the typed address is not kept either.
        await db.delete(privacyRequests).where(eq(privacyRequests.id, request.id));
        return [];
      }
      if (answer.kind === "use-account") {
        // No token is minted for this request, so it can never be used; the daily prune removes it.
        return [toAddress(request.email, "privacy-use-account", { firstName: answer.firstName })];
      }
      return [
        toAddress(request.email, "privacy-link", async () => ({
          token: await mintLinkToken(db, privacyRequests, request.id),
          validForSeconds: HOUR_LINK_SECONDS,
        })),
      ];
    },
  }),

  /** The confirmation of a deletion: to the address the event itself keeps until it is sent. */
  "account-deleted": mailEvent({
    sends: ["account-deleted"],
    forgetsRecipient: true,
    async emails(db, event) {
      const recipient = await keptRecipient(db, event);
      return recipient ? [toAddress(recipient, "account-deleted", {})] : null;
    },
  }),

  /** The confirmation of an erasure: to the address the event itself keeps until it is sent. */
  "data-erased": mailEvent({
    sends: ["data-erased"],
    forgetsRecipient: true,
    async emails(db, event) {
      const recipient = await keptRecipient(db, event);
      return recipient ? [toAddress(recipient, "data-erased", {})] : null;
    },
  }),
} satisfies MailEventTable;
