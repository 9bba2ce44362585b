import { sha256 } from "@oslojs/crypto/sha2";
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from "@oslojs/encoding";
import { and, eq, gt, inArray, lt, ne } from "drizzle-orm";
import { interruptedActions } from "../../../db/schema";
import type { Database } from "../db.server";
import type { SessionInfo } from "../session-user";

// "Confirm it's you": an action refused for want of a recent sign-in is kept in D1 for the one session that
// asked, under the token it asked with, for 10 minutes, and goes on once that session confirms: exactly
// once, and only as stored. The page's address carries an opaque reference (32 random bytes; only its
// sha256 is kept), never the action: a link that names an action and a target (`?resume=…&id=…`) can make
// nobody do anything. A confirmation gives the session a new token and carries to it only the action it
// names (`carryInterruptedActionStatement`); whatever else waited under the old token stays with that
// token, which nobody presents any more.

// Which actions may wait, what they are called and where they go on is the doors' to say: each page
// declares its own (app/server/http/page-door.server.ts) and names them when it looks one up.

export interface InterruptedAction {
  /** The page intent that waits, as the page that stored it declares it. */
  intent: string;
  /** What it acts on: an account's id, a passkey's id; null when nothing. */
  target: string | null;
  /** The page to return to: a path of ours. */
  next: string;
}

export const INTERRUPTED_ACTION_SECONDS = 10 * 60;

/** The longest `next` a confirmation goes back to; a longer one sends the person to their home page. */
export const MAX_NEXT_LENGTH = 2000;

const digest = (value: string) => encodeHexLowerCase(sha256(new TextEncoder().encode(value)));

/** A reference as we issue them (52 base32 characters); anything else names nothing. */
export function referenceOf(raw: unknown): string | null {
  return typeof raw === "string" && /^[a-z2-7]{52}$/.test(raw) ? raw : null;
}

/** The hash of the token a request presented; "" (which no token hashes to) when not known. */
const presented = (session: SessionInfo) => session.tokenHash ?? "";

/**
 * Keeps an interrupted action for this session and the token it presented; returns the reference for the
 * page's address. Expired actions of every session are deleted in the same batch.
 */
export async function interruptAction(
  db: Database,
  session: SessionInfo,
  action: InterruptedAction,
): Promise<string> {
  const reference = encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(32)));
  await db.batch([
    db.delete(interruptedActions).where(lt(interruptedActions.expiresAt, new Date())),
    db.insert(interruptedActions).values({
      id: digest(reference),
      sessionId: session.sessionId,
      tokenHash: presented(session),
      intent: action.intent,
      target: action.target,
      next: action.next,
      expiresAt: new Date(Date.now() + INTERRUPTED_ACTION_SECONDS * 1000),
    }),
  ]);
  return reference;
}

/**
 * The live action a reference names for this session, among the intents the asking door takes: unused,
 * unexpired, stored by this session under the token this request presents (none when the request's token
 * is not known).
 */
function live(session: SessionInfo, reference: string, intents: readonly string[]) {
  return and(
    eq(interruptedActions.id, digest(reference)),
    eq(interruptedActions.sessionId, session.sessionId),
    eq(interruptedActions.tokenHash, presented(session)),
    ne(interruptedActions.tokenHash, ""),
    inArray(interruptedActions.intent, [...intents]),
    gt(interruptedActions.expiresAt, new Date()),
  );
}

/**
 * The statement that carries the action a reference names from the session's current token to the new one
 * a confirmation gives it (run it in the confirmation's batch); null when the reference names nothing.
 * Every other action of the old token is left behind: no later token can go on with it.
 */
export function carryInterruptedActionStatement(
  db: Database,
  session: SessionInfo,
  raw: unknown,
  newTokenHash: string,
) {
  const reference = referenceOf(raw);
  if (!reference || !session.tokenHash) return null;
  return db
    .update(interruptedActions)
    .set({ tokenHash: newTokenHash })
    .where(
      and(
        eq(interruptedActions.id, digest(reference)),
        eq(interruptedActions.sessionId, session.sessionId),
        eq(interruptedActions.tokenHash, session.tokenHash),
      ),
    );
}

function asAction(row: { intent: string; target: string | null; next: string }): InterruptedAction {
  return { intent: row.intent, target: row.target, next: row.next };
}

/** The action a reference names, without spending it; null for another session's, a spent or an old one. */
export async function findInterruptedAction(
  db: Database,
  session: SessionInfo,
  raw: unknown,
  intents: readonly string[],
): Promise<InterruptedAction | null> {
  const reference = referenceOf(raw);
  if (!reference) return null;
  const row = await db.query.interruptedActions.findFirst({ where: live(session, reference, intents) });
  return row ? asAction(row) : null;
}

/** Spends the action a reference names (one statement: of two uses at once, one gets it); null if none. */
export async function spendInterruptedAction(
  db: Database,
  session: SessionInfo,
  raw: unknown,
  intents: readonly string[],
): Promise<InterruptedAction | null> {
  const reference = referenceOf(raw);
  if (!reference) return null;
  const [row] = await db
    .delete(interruptedActions)
    .where(live(session, reference, intents))
    .returning({
      intent: interruptedActions.intent,
      target: interruptedActions.target,
      next: interruptedActions.next,
    });
  return row ? asAction(row) : null;
}
