import { and, eq, gt, isNull } from "drizzle-orm";
import { LINK_INVALID_MESSAGE } from "~/lib/account-messages";
import { confirmEmailSchema, fieldErrorsOf, privacyRequestSchema } from "~/lib/schemas";
import { privacyRequests, users } from "../../db/schema";
import { HOUR_LINK_SECONDS, hashToken } from "./account-tokens.server";
import { insertMailEventIfChanged, publishMailEvents } from "./mail-outbox.server";
import { type Caller, type Deps, rateLimit } from "./operation.server";
import { done, invalid, type Outcome } from "./outcome";
import { collectPersonalData, eraseAddress, type PersonalData } from "./personal-data.server";

// /privacy/request (issue 18, item 9): people without an account (they only sent messages, or their
// registration is pending, rejected or deactivated) reach what we hold about their address through an
// emailed link. Every address typed gets the same answer at the same cost: the request is stored and
// queued whatever the address, and the mail consumer decides whether there is anything to send a link for.

export async function requestPrivacyLink(deps: Deps, caller: Caller, input: unknown): Promise<Outcome> {
  const limited = await rateLimit(deps.env, "privacy", caller);
  if (limited) return limited;
  const parsed = privacyRequestSchema.safeParse(input);
  if (!parsed.success) return invalid(fieldErrorsOf(parsed.error));
  const [, mail] = await deps.db.batch([
    deps.db.insert(privacyRequests).values({
      email: parsed.data.email,
      expiresAt: new Date(Date.now() + HOUR_LINK_SECONDS * 1000),
    }),
    insertMailEventIfChanged(deps.db, "privacy-request"),
  ]);
  deps.waitUntil(publishMailEvents(deps.env, mail));
  return done(null);
}

/** The live request a link names: its token was sent, it is unused and within its hour. */
async function liveRequest(deps: Deps, input: unknown) {
  const parsed = confirmEmailSchema.safeParse(input);
  if (!parsed.success) return null;
  return (
    (await deps.db.query.privacyRequests.findFirst({
      where: and(
        eq(privacyRequests.tokenHash, hashToken(parsed.data.token)),
        isNull(privacyRequests.usedAt),
        gt(privacyRequests.expiresAt, new Date()),
      ),
    })) ?? null
  );
}

/** Whether a link is live, for the page it opens (without using it). */
export async function privacyLinkIsLive(deps: Deps, token: string): Promise<boolean> {
  return (await liveRequest(deps, { token })) !== null;
}

/** "Download what you hold about me": the same JSON as an account's export; the link stays live. */
export async function exportByPrivacyLink(
  deps: Deps,
  caller: Caller,
  input: unknown,
): Promise<Outcome<PersonalData>> {
  const limited = await rateLimit(deps.env, "confirm-email", caller);
  if (limited) return limited;
  const request = await liveRequest(deps, input);
  if (!request) return invalid({}, LINK_INVALID_MESSAGE);
  return done(await collectPersonalData(deps.db, deps.env, request.email));
}

/** "Erase it": everything the address holds goes at once (the link with it); an email confirms. */
export async function eraseByPrivacyLink(deps: Deps, caller: Caller, input: unknown): Promise<Outcome> {
  const limited = await rateLimit(deps.env, "confirm-email", caller);
  if (limited) return limited;
  const request = await liveRequest(deps, input);
  if (!request) return invalid({}, LINK_INVALID_MESSAGE);
  const user = (await deps.db.query.users.findFirst({ where: eq(users.email, request.email) })) ?? null;
  return eraseAddress(deps, caller, { email: request.email, user }, "data-erased");
}
