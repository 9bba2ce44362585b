// npm run admin:reset-2fa -- --email admin@example.com [--remote]
// For the last administrator, when nobody else can reset their second factors from the Users tab: removes
// the account's authenticator app, passkeys and recovery codes and ends its sessions, in local D1 (default)
// or, with --remote, the deployed database, with its entry in the audit log (actor: the console). The
// person is emailed a link (by the Worker's five-minute sweep of unsent mail), signs in with their password
// and opens it to set up a second factor again; /account/security also sends a new link on request.
import { randomUUID } from "node:crypto";
import { parseArgs } from "node:util";
import { entryHash, GENESIS } from "../app/server/audit-chain.ts";
import { sqlString } from "./admin-account.ts";
import { forgetSessionsInKv, userIdOf } from "./end-sessions.ts";
import { LOCAL_STATE, wrangler } from "./local-state.ts";

const { values } = parseArgs({
  options: {
    email: { type: "string" },
    remote: { type: "boolean", default: false },
    state: { type: "string", default: LOCAL_STATE },
  },
});
if (!values.email) {
  console.error("Usage: npm run admin:reset-2fa -- --email admin@example.com [--remote]");
  process.exit(2);
}
const target = values.remote ? ["--remote"] : ["--local", "--persist-to", values.state];
const userId = userIdOf(values.email, target);
if (userId === null) {
  console.error(`No account uses ${values.email}.`);
  process.exit(1);
}

function chainHead(): { id: number; hash: string } {
  const sql = "SELECT id, hash FROM account_events ORDER BY id DESC LIMIT 1";
  const [result] = JSON.parse(
    wrangler(["d1", "execute", "DB", ...target, "--json", "--command", sql], { quiet: true }),
  ) as { results: { id: number; hash: string | null }[] }[];
  const last = result?.results[0];
  return last ? { id: last.id, hash: last.hash ?? GENESIS } : { id: 0, hash: GENESIS };
}

/** The deletions and the audit entry as one batch; a Worker that appended first makes it fail, then retry. */
function resetStatements(): string {
  const head = chainHead();
  const entry = {
    id: head.id + 1,
    at: Math.floor(Date.now() / 1000),
    actorId: null,
    actorEmailSha256: null,
    subjectId: userId,
    action: "second-factors-reset",
    outcome: "success",
    ip: null,
    userAgent: "npm run admin:reset-2fa",
    country: null,
    requestId: null,
    prevHash: head.hash,
  };
  const hash = entryHash(entry);
  return [
    `DELETE FROM totp_credentials WHERE user_id = ${userId}`,
    `DELETE FROM recovery_codes WHERE user_id = ${userId}`,
    `DELETE FROM passkeys WHERE user_id = ${userId}`,
    `DELETE FROM sessions WHERE user_id = ${userId}`,
    // Enrolment now needs the emailed link (issue 23); the email goes out with the Worker's next sweep.
    `UPDATE users SET second_factors_reset_at = unixepoch() WHERE id = ${userId}`,
    `INSERT INTO mail_events (id, type, subject_id, created_at) VALUES (${sqlString(randomUUID())}, 'second-factors-reset', ${userId}, unixepoch())`,
    `INSERT INTO account_events (id, at, actor_id, subject_id, action, outcome, ip, user_agent, country, request_id, actor_email_sha256, prev_hash, hash)
     VALUES (${entry.id}, ${entry.at}, NULL, ${userId}, 'second-factors-reset', 'success', NULL, ${sqlString(entry.userAgent)}, NULL, NULL, NULL, ${sqlString(entry.prevHash)}, ${sqlString(hash)})`,
  ].join(";\n");
}

for (let attempt = 1; ; attempt += 1) {
  try {
    wrangler(["d1", "execute", "DB", ...target, "--command", resetStatements()], { quiet: true });
    break;
  } catch (error) {
    if (attempt >= 5) throw error;
  }
}
const ended = forgetSessionsInKv(userId, target);
console.log(
  `Removed the second factors of ${values.email} and ended ${ended} session${ended === 1 ? "" : "s"} ` +
    `(${values.remote ? "remote" : "local"} database). They are emailed a link to set one up again.`,
);
