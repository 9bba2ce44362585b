import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { LINK_INVALID_MESSAGE, PRIVACY_LINK_ACCOUNT_ACTIVE } from "~/lib/account-messages";
import { confirmEmailSchema, privacyRequestSchema } from "~/lib/schemas";
import { contactSubmissions, privacyRequests, type UserRow, users } from "../../../db/schema";
import type { Database } from "../db.server";
import { HOUR_LINK_SECONDS, hashToken } from "../identity/account-tokens.server";
import { guarded, linkGuards } from "../identity/guarded.server";
import { insertMailEventIfChanged, publishMailEvents } from "../mail-outbox.server";
import type { Deps } from "../operation.server";
import { done, type Failure, invalid, type Outcome } from "../outcome";
import { eraseAddress } from "./address-erasure.server";
import { collectPersonalData, type PersonalData } from "./personal-data.server";

// /privacy/request: people without a usable account (they only sent messages,
// or their registration is pending, rejected or deactivated) reach what we hold about their address through
// an emailed link. Every address typed gets the same answer at the same cost: the request is stored and
// queued whatever the address, and the mail consumer decides what to send (privacyAnswerFor). An approved,
// active account gets no link: a mailbox alone must not export or erase an account its second factors
// protect, so its holder signs in and uses /account. A link is checked against the account again each time
// it is used, so one sent while the account could not sign in stops working once it can; the erasure checks
// it once more in its own batch.

/** An account its holder can sign in to: approved, active, not rejected. */
function isUsableAccount(user: Pick<UserRow, "isApproved" | "isActive" | "rejectedAt">): boolean {
  return user.isApproved && user.isActive && !user.rejectedAt;
}

/** The account that has this address, if any. */
async function accountOf(db: Database, email: string): Promise<UserRow | null> {
  return (await db.query.users.findFirst({ where: eq(users.email, email) })) ?? null;
}

/**
 * What a privacy request for an address calls for: nothing (we hold nothing about it), a link (no account,
 * or one that cannot sign in), or, for an approved, active account, an email that points to /account.
 */
export async function privacyAnswerFor(
  db: Database,
  email: string,
): Promise<{ kind: "nothing" } | { kind: "link" } | { kind: "use-account"; firstName: string | null }> {
  const [account, contact] = await Promise.all([
    accountOf(db, email),
    db.query.contactSubmissions.findFirst({
      columns: { id: true },
      where: eq(contactSubmissions.email, email),
    }),
  ]);
  if (account && isUsableAccount(account)) {
    // Greeted by name only at an address the account proved (mail to an unproven one carries no typed text).
    return { kind: "use-account", firstName: account.emailConfirmedAt ? account.firstName : null };
  }
  return account || contact ? { kind: "link" } : { kind: "nothing" };
}

/** How many requests one address may make in a rolling day, from any number of clients (decision 126). */
export const PRIVACY_REQUESTS_PER_ADDRESS_PER_DAY = 5;
const DAY_SECONDS = 24 * 60 * 60;

/**
 * Stores a privacy request and queues its mail, unless the address already made
 * PRIVACY_REQUESTS_PER_ADDRESS_PER_DAY of them in the last day (counted from the stored requests, in the
 * same statement, so concurrent requests cannot pass it together). Limited or not, the answer is the same.
 */
export const requestPrivacyLink = guarded(
  { rateLimit: "privacy", door: "anyone", schema: privacyRequestSchema },
  async (deps, _caller, { input }): Promise<Outcome> => {
    const expiresAt = Math.floor(Date.now() / 1000) + HOUR_LINK_SECONDS;
    // The selected values follow the table's columns: id, email, token_hash, expires_at, used_at, created_at.
    const [, mail] = await deps.db.batch([
      deps.db.insert(privacyRequests).select(
        sql`SELECT NULL, ${input.email}, NULL, ${expiresAt}, NULL, unixepoch()
          WHERE (SELECT count(*) FROM ${privacyRequests}
            WHERE ${privacyRequests.email} = ${input.email}
              AND ${privacyRequests.createdAt} > unixepoch() - ${DAY_SECONDS}) < ${PRIVACY_REQUESTS_PER_ADDRESS_PER_DAY}`,
      ),
      insertMailEventIfChanged(deps.db, "privacy-request"),
    ]);
    deps.waitUntil(publishMailEvents(deps.env, mail));
    return done(null);
  },
);

type LinkState =
  | { kind: "live"; request: typeof privacyRequests.$inferSelect; user: UserRow | null }
  | { kind: "dead" }
  | { kind: "account-active" };

/**
 * The request a link names, if its token was sent, it is unused and within its hour, and its address has
 * no approved, active account now (read at each use, not only when the link was sent).
 */
async function linkState(deps: Deps, token: string): Promise<LinkState> {
  const request = await deps.db.query.privacyRequests.findFirst({
    where: and(
      eq(privacyRequests.tokenHash, hashToken(token)),
      isNull(privacyRequests.usedAt),
      gt(privacyRequests.expiresAt, new Date()),
    ),
  });
  if (!request) return { kind: "dead" };
  const user = await accountOf(deps.db, request.email);
  return user && isUsableAccount(user) ? { kind: "account-active" } : { kind: "live", request, user };
}

/** The refusal of a link that does not (or no longer) work. */
function refused(state: Exclude<LinkState, { kind: "live" }>): Failure {
  return invalid({}, state.kind === "account-active" ? PRIVACY_LINK_ACCOUNT_ACTIVE : LINK_INVALID_MESSAGE);
}

/** Whether a link works, for the page it opens (without using it); why not, when it does not. */
export async function privacyLinkState(
  deps: Deps,
  token: string,
): Promise<"live" | "dead" | "account-active"> {
  const parsed = confirmEmailSchema.safeParse({ token });
  return parsed.success ? (await linkState(deps, parsed.data.token)).kind : "dead";
}

/** "Download what you hold about me": the same JSON as an account's export; the link stays live. */
export const exportByPrivacyLink = guarded(
  linkGuards("confirm-email", confirmEmailSchema),
  async (deps, _caller, { input }): Promise<Outcome<PersonalData>> => {
    const state = await linkState(deps, input.token);
    if (state.kind !== "live") return refused(state);
    return done(await collectPersonalData(deps.db, deps.env, state.request.email));
  },
);

/**
 * "Erase it": everything the address holds goes at once (the link with it); an email confirms. The batch
 * itself checks again that the address has no usable account, so an approval that lands after the link
 * was checked leaves everything in place, and the answer says to sign in instead.
 */
export const eraseByPrivacyLink = guarded(
  linkGuards("confirm-email", confirmEmailSchema),
  async (deps, caller, { input }): Promise<Outcome> => {
    const state = await linkState(deps, input.token);
    if (state.kind !== "live") return refused(state);
    return eraseAddress(deps, caller, { email: state.request.email, user: state.user }, "data-erased", {
      refusedIfUsable: refused({ kind: "account-active" }),
    });
  },
);
