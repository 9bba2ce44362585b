import { and, count, eq, isNull } from "drizzle-orm";
import type { SecondFactorChange } from "~/emails/second-factor-emails";
import { recoveryCodes } from "../../../db/schema";
import type { Database } from "../db.server";
import { mintAccountToken, TOKEN_LIFETIME_SECONDS } from "../identity/account-tokens.server";
import { PASSWORD_LIMITS } from "../identity/password-limits";
import { CODE_LIMITS } from "../second-factors/code-limits";
import { hasFactorRemovalLink, mintFactorRemovalToken } from "../second-factors/factor-removal-links.server";
import { hasSecondFactorOf } from "../second-factors/second-factors.server";
import {
  eventCreatedAt,
  findUser,
  greeting,
  type MailEventTable,
  mailEvent,
  toOwner,
} from "./planned-emails.server";

// The events about an account's second factors and the guessing at its sign-in: what each reads again from
// D1, and the email it sends its owner.

/** The enrolment link of an account whose second factors were reset, while it has none again. */
async function enrolmentToken(db: Database, user: { id: number; secondFactorsResetAt: Date | null }) {
  if (!user.secondFactorsResetAt || (await hasSecondFactorOf(db, user.id))) return null;
  return mintAccountToken(db, user.id, "enrol-second-factor");
}

/** The owner's email about a second factor they added or removed: what changed, and when. */
function secondFactorChanged(change: SecondFactorChange) {
  return mailEvent({
    sends: ["second-factor-changed"],
    async emails(db, event) {
      const [user, at, removable] = await Promise.all([
        findUser(db, event.subjectId),
        eventCreatedAt(db, event.id),
        change === "passkey-added" || change === "totp-enabled" ? hasFactorRemovalLink(db, event.id) : false,
      ]);
      if (!user) return null;
      return [
        toOwner(user, "second-factor-changed", async () => ({
          change,
          firstName: greeting(user),
          at,
          // An added factor's email carries the link that removes it again (decisions 121 and 141), minted
          // as it goes out.
          removal: removable ? await mintFactorRemovalToken(db, event.id) : null,
        })),
      ];
    },
  });
}

/** The owner's warning that codes are refused after too many wrong ones (code-lockout.server.ts). */
function secondFactorLocked(scope: "client" | "account") {
  return mailEvent({
    sends: ["second-factor-locked"],
    async emails(db, { subjectId }) {
      const user = await findUser(db, subjectId);
      if (!user) return null;
      const client = scope === "client";
      return [
        toOwner(user, "second-factor-locked", {
          firstName: greeting(user),
          scope,
          wrongCodes: client ? CODE_LIMITS.perClient : CODE_LIMITS.perAccount,
          withinSeconds: client ? CODE_LIMITS.clientWindowSeconds : CODE_LIMITS.accountWindowSeconds,
        }),
      ];
    },
  });
}

export const SECOND_FACTOR_MAIL = {
  "recovery-code-used": mailEvent({
    sends: ["recovery-code-used"],
    async emails(db, { subjectId }) {
      const user = await findUser(db, subjectId);
      if (!user) return null;
      const [left] = await db
        .select({ n: count() })
        .from(recoveryCodes)
        .where(and(eq(recoveryCodes.userId, subjectId), isNull(recoveryCodes.usedAt)));
      const codesLeft = left?.n ?? 0;
      return [toOwner(user, "recovery-code-used", { firstName: greeting(user), codesLeft })];
    },
  }),

  "second-factors-reset": mailEvent({
    sends: ["second-factors-reset"],
    async emails(db, { subjectId }) {
      const user = await findUser(db, subjectId);
      if (!user) return null;
      return [
        toOwner(user, "second-factors-reset", async () => ({
          firstName: greeting(user),
          token: await enrolmentToken(db, user),
          validForSeconds: TOKEN_LIFETIME_SECONDS["enrol-second-factor"],
        })),
      ];
    },
  }),

  /** "Email me a new link" on /account/security: sent only while the account still needs one. */
  "second-factor-enrolment-link": mailEvent({
    sends: ["second-factor-enrolment-link"],
    async emails(db, { subjectId }) {
      const user = await findUser(db, subjectId);
      if (!user) return null;
      if (!user.secondFactorsResetAt || (await hasSecondFactorOf(db, user.id))) return [];
      return [
        toOwner(user, "second-factor-enrolment-link", async () => ({
          firstName: greeting(user),
          token: await mintAccountToken(db, user.id, "enrol-second-factor"),
          validForSeconds: TOKEN_LIFETIME_SECONDS["enrol-second-factor"],
        })),
      ];
    },
  }),

  /** The owner's warning about a wrong code after the right password (code-lockout.server.ts). */
  "second-factor-wrong-code": mailEvent({
    sends: ["second-factor-wrong-code"],
    async emails(db, { subjectId }) {
      const user = await findUser(db, subjectId);
      if (!user) return null;
      return [toOwner(user, "second-factor-wrong-code", { firstName: greeting(user) })];
    },
  }),
  "second-factor-locked-client": secondFactorLocked("client"),
  "second-factor-locked-account": secondFactorLocked("account"),

  /** The owner's warning about wrong passwords that held a client at sign-in (password-limits.server.ts). */
  "password-held": mailEvent({
    sends: ["password-held"],
    async emails(db, { subjectId }) {
      const user = await findUser(db, subjectId);
      if (!user) return null;
      return [
        toOwner(user, "password-held", {
          firstName: user.firstName,
          wrongPasswords: PASSWORD_LIMITS.perClient,
          withinSeconds: PASSWORD_LIMITS.clientWindowSeconds,
        }),
      ];
    },
  }),

  "totp-enabled": secondFactorChanged("totp-enabled"),
  "totp-removed": secondFactorChanged("totp-removed"),
  "passkey-added": secondFactorChanged("passkey-added"),
  "passkey-removed": secondFactorChanged("passkey-removed"),
  "passkeys-removed-at-reset": secondFactorChanged("passkeys-removed-at-reset"),
  "recovery-codes-generated": secondFactorChanged("recovery-codes-generated"),
} satisfies MailEventTable;
