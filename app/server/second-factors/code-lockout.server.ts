import { and, asc, eq, gte, inArray, lte, max, sql } from "drizzle-orm";
import { accountEvents, codeAttempts, mailEvents, users } from "../../../db/schema";
import { type AccountAction, withEventChain } from "../audit/account-events.server";
import { clientOf, clientOfCaller } from "../client-address";
import type { Database } from "../db.server";
import { type MailEventMessage, mailEventRow, publishMailEvents } from "../mail/mail-outbox.server";
import type { Caller, Deps } from "../operation.server";
import { CODE_LIMITS } from "./code-limits";

// The limits on wrong second-factor codes (docs/decisions/094-wrong-codes-per-client.md). Wrong codes are the
// account's own audit entries, counted per account and client address: five in 15 minutes hold that
// client only, so a stranger with the password cannot lock the owner out; a hundred in a day hold every
// client (NIST SP 800-63B's ceiling), so guessing from many addresses stops too. Authenticator codes and
// recovery codes keep separate budgets. A success from a client clears that client's count; a new password
// clears every count. The first wrong code of a streak, and every lockout, is emailed to the owner.
// Each code is claimed (code_attempts) before it is tried, in one statement that counts the recorded wrong
// codes and the claims still open against the limits, so codes sent at once cannot be tried past them.

export type CodeKind = "totp" | "recovery-code";

/** The failed entries of each budget: a wrong code at a sign-in, and at "Confirm it's you". */
const FAILURES: Record<CodeKind, AccountAction[]> = {
  totp: ["sign-in-code", "reauthenticated"],
  "recovery-code": ["sign-in-recovery-code", "reauthenticated-recovery-code"],
};

/** Entries whose success proves the holder passed a second factor (or confirmed it was them). */
const SUCCESSES: AccountAction[] = [
  "sign-in-code",
  "sign-in-recovery-code",
  "sign-in-passkey",
  "reauthenticated",
];

const HISTORY_ACTIONS = [...new Set([...FAILURES.totp, ...FAILURES["recovery-code"], ...SUCCESSES])];

/** The failed entry a wrong code of this kind writes, at a sign-in or at "Confirm it's you". */
export function failureAction(kind: CodeKind, action: "sign-in-code" | "reauthenticated"): AccountAction {
  if (kind === "totp") return action;
  return action === "sign-in-code" ? "sign-in-recovery-code" : "reauthenticated-recovery-code";
}

/** Six digits are an authenticator code; anything else is taken as a recovery code. */
export function codeKindOf(code: string): CodeKind {
  return /^\d{6}$/.test(code) ? "totp" : "recovery-code";
}

interface Entry {
  id: number;
  at: number;
  action: string;
  outcome: string;
  client: string | null;
}

interface History {
  entries: Entry[];
  /** The newest code entry of the account (0 for none): the counts above hold while it is the newest. */
  newestId: number;
  /** Codes claimed and not yet settled (code_attempts), of every kind and client. */
  open: { kind: CodeKind; client: string | null }[];
  /** Seconds; wrong codes at or before it were typed with the old password. */
  passwordChangedAt: number;
  /** Whether the owner was told of an account-wide lockout in the last day. */
  accountLockoutMailed: boolean;
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** How long an unsettled claim counts: far longer than trying a code takes, so only a dead request's lapses. */
const ATTEMPT_SECONDS = 60;

/** The SQL of the newest code entry of an account (0 for none). */
function newestCodeEntrySql(db: Database, userId: number) {
  return db
    .select({ id: max(accountEvents.id) })
    .from(accountEvents)
    .where(and(eq(accountEvents.subjectId, userId), inArray(accountEvents.action, HISTORY_ACTIONS)));
}

/** The account's code entries of the last day and what decides their count, in one round trip. */
async function historyOf(db: Database, userId: number, now: number): Promise<History> {
  const since = new Date((now - CODE_LIMITS.accountWindowSeconds) * 1000);
  const [rows, user, mailed, newest, open] = await db.batch([
    db
      .select({
        id: accountEvents.id,
        at: accountEvents.at,
        action: accountEvents.action,
        outcome: accountEvents.outcome,
        ip: accountEvents.ip,
      })
      .from(accountEvents)
      .where(
        and(
          eq(accountEvents.subjectId, userId),
          gte(accountEvents.at, since),
          inArray(accountEvents.action, HISTORY_ACTIONS),
        ),
      )
      .orderBy(asc(accountEvents.id)),
    db.select({ passwordChangedAt: users.passwordChangedAt }).from(users).where(eq(users.id, userId)),
    db
      .select({ id: mailEvents.id })
      .from(mailEvents)
      .where(
        and(
          eq(mailEvents.type, "second-factor-locked-account"),
          eq(mailEvents.subjectId, userId),
          gte(mailEvents.createdAt, since),
        ),
      )
      .limit(1),
    newestCodeEntrySql(db, userId),
    db
      .select({ kind: codeAttempts.kind, client: codeAttempts.client })
      .from(codeAttempts)
      .where(and(eq(codeAttempts.userId, userId), openAttemptSql())),
  ]);
  return {
    entries: rows.map((row) => ({ ...row, at: seconds(row.at), client: clientOf(row.ip) })),
    newestId: newest[0]?.id ?? 0,
    open,
    passwordChangedAt: user[0]?.passwordChangedAt ? seconds(user[0].passwordChangedAt) : 0,
    accountLockoutMailed: mailed.length > 0,
  };
}

interface Standing {
  /** Wrong codes of the kind from this client in the last 15 minutes, since its last success. */
  client: number;
  /** Whether this client was held for codes of the kind earlier in the day (since its last success). */
  clientHeldBefore: boolean;
  /** Wrong codes of the kind from every client in the last day. */
  account: number;
  /** Wrong codes of either kind since the last success of any client: the streak the owner was told of. */
  streak: number;
}

const isSuccess = (entry: Entry) =>
  entry.outcome === "success" && SUCCESSES.includes(entry.action as AccountAction);
const isFailure = (entry: Entry, kinds: CodeKind[]) =>
  entry.outcome === "failure" && kinds.some((kind) => FAILURES[kind].includes(entry.action as AccountAction));
const lastId = (entries: Entry[]) => entries.reduce((last, entry) => Math.max(last, entry.id), 0);

function standingOf(history: History, kind: CodeKind, client: string | null, now: number): Standing {
  const counted = history.entries.filter((entry) => entry.at > history.passwordChangedAt);
  const successes = counted.filter(isSuccess);
  const lastSuccess = lastId(successes);
  const lastClientSuccess = lastId(successes.filter((entry) => entry.client === client));
  const failures = counted.filter((entry) => isFailure(entry, [kind]));
  const clientFailures = failures.filter((entry) => entry.client === client && entry.id > lastClientSuccess);
  const inWindowBefore = (at: number) => (entry: Entry) =>
    entry.at > at - CODE_LIMITS.clientWindowSeconds && entry.at <= at;
  return {
    client: clientFailures.filter(inWindowBefore(now)).length,
    clientHeldBefore: clientFailures.some(
      (entry) =>
        clientFailures.filter((other) => other.id <= entry.id && inWindowBefore(entry.at)(other)).length ===
        CODE_LIMITS.perClient,
    ),
    account: failures.length,
    streak: counted.filter((entry) => isFailure(entry, ["totp", "recovery-code"]) && entry.id > lastSuccess)
      .length,
  };
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** SQL that is true of a claim still open: started within the last ATTEMPT_SECONDS. */
function openAttemptSql() {
  return sql`${codeAttempts.startedAt} > unixepoch() - ${ATTEMPT_SECONDS}`;
}

/** Enough rounds for a crowd of codes at one instant: each round lost means another code was settled. */
const ATTEMPT_ROUNDS = 40;

/**
 * Claims the try of one code of this kind for this account from this client: the claim's id, or null when
 * the client or the account is held. The wrong codes recorded (read with the newest code entry) and the
 * claims still open are counted against the limits; the INSERT checks, in the same statement, that no code
 * entry was written since the read and that the open claims still leave room, so of codes sent at once no
 * more are tried than the limits allow. A round lost to another entry reads again.
 */
export async function startCodeAttempt(
  db: Database,
  userId: number,
  kind: CodeKind,
  caller: Caller,
): Promise<number | null> {
  const client = clientOfCaller(caller);
  for (let round = 0; round < ATTEMPT_ROUNDS; round += 1) {
    const now = nowSeconds();
    const history = await historyOf(db, userId, now);
    const standing = standingOf(history, kind, client, now);
    const open = history.open.filter((attempt) => attempt.kind === kind);
    const openHere = open.filter((attempt) => attempt.client === client).length;
    if (
      standing.client + openHere >= CODE_LIMITS.perClient ||
      standing.account + open.length >= CODE_LIMITS.perAccount
    ) {
      return null;
    }
    const openOf = (here: boolean) =>
      sql`(SELECT count(*) FROM ${codeAttempts} WHERE ${codeAttempts.userId} = ${userId} AND ${codeAttempts.kind} = ${kind}${here ? sql` AND ${codeAttempts.client} IS ${client}` : sql``} AND ${openAttemptSql()})`;
    const [, started] = await db.batch([
      db
        .delete(codeAttempts)
        .where(
          and(
            eq(codeAttempts.userId, userId),
            lte(codeAttempts.startedAt, new Date((now - ATTEMPT_SECONDS) * 1000)),
          ),
        ),
      // The selected values follow the table's columns: id, user_id, kind, client, started_at.
      db
        .insert(codeAttempts)
        .select(
          sql`SELECT NULL, ${userId}, ${kind}, ${client}, unixepoch() WHERE IFNULL((${newestCodeEntrySql(db, userId)}), 0) = ${history.newestId} AND ${standing.client} + ${openOf(true)} < ${CODE_LIMITS.perClient} AND ${standing.account} + ${openOf(false)} < ${CODE_LIMITS.perAccount}`,
        )
        .returning({ id: codeAttempts.id }),
    ]);
    if (started[0]) return started[0].id;
  }
  return null;
}

/** Settles a claim whose code was right: it counts no more (the caller records the success). */
export async function endCodeAttempt(db: Database, attemptId: number): Promise<void> {
  await db.delete(codeAttempts).where(eq(codeAttempts.id, attemptId));
}

/**
 * Records a wrong code as its failed entry, with the emails it calls for in the same batch: the first wrong
 * code of a streak (someone has the password), and the one that holds a client or the whole account. The
 * counts are read inside the chain's write, which runs again if another entry came first, so two wrong
 * codes at once cannot both (or neither) be the first or the last allowed. The code's claim goes in the
 * same batch: at no moment does the wrong code count twice, or not at all.
 */
export async function recordWrongCode(
  deps: Deps,
  caller: Caller,
  person: { id: number; email: string },
  kind: CodeKind,
  action: "sign-in-code" | "reauthenticated",
  attemptId: number,
): Promise<void> {
  const events = await withEventChain(deps.db, async (chain) => {
    const now = nowSeconds();
    const history = await historyOf(deps.db, person.id, now);
    const before = standingOf(history, kind, clientOfCaller(caller), now);
    const mail: MailEventMessage[] = [];
    if (before.streak === 0) mail.push(mailEventRow("second-factor-wrong-code", person.id));
    if (before.account + 1 === CODE_LIMITS.perAccount) {
      if (!history.accountLockoutMailed) mail.push(mailEventRow("second-factor-locked-account", person.id));
    } else if (before.client + 1 === CODE_LIMITS.perClient && !before.clientHeldBefore) {
      mail.push(mailEventRow("second-factor-locked-client", person.id));
    }
    const entry = chain.append(caller, {
      actorId: person.id,
      actorEmail: person.email,
      subjectId: person.id,
      action: failureAction(kind, action),
      outcome: "failure",
    });
    const settled = deps.db.delete(codeAttempts).where(eq(codeAttempts.id, attemptId));
    await (mail.length > 0
      ? deps.db.batch([entry, deps.db.insert(mailEvents).values(mail), settled])
      : deps.db.batch([entry, settled]));
    return mail;
  });
  if (events.length > 0) deps.waitUntil(publishMailEvents(deps.env, events));
}
