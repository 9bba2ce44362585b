// npm run admin:reset-2fa -- --email admin@example.com [--remote]
// (with --remote, AUDIT_LOG_KEY in the environment seals its audit entry at once; without it the Worker does)
// For the last administrator, when nobody else can reset their second factors from the Users tab: removes
// the account's authenticator app, passkeys and recovery codes and ends its sessions, in local D1 (default)
// or, with --remote, the deployed database, with its entry in the audit log (actor: the console). The
// person is emailed a link (by the Worker's five-minute sweep of unsent mail), signs in with their password
// and opens it to set up a second factor again; /account/security also sends a new link on request.
import { randomUUID } from "node:crypto";
import { parseArgs } from "node:util";
import type { AuditAction } from "../app/lib/audit-actions.ts";
import { auditKeyOf } from "../app/server/audit/audit-chain.ts";
import { voidCredentialLinksSql } from "../app/server/identity/credential-links.ts";
import { sqlString } from "./admin-account.ts";
import { sealWithWrangler } from "./audit-seal.ts";
import { forgetSessionsInKv, userIdOf } from "./end-sessions.ts";
import { LOCAL_AUDIT_LOG_KEY } from "./local-secrets.ts";
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

/** The entry's action, one of the table's (app/lib/audit-actions.ts), as the dashboard's reset records it. */
const RESET: AuditAction = "second-factors-reset";

/**
 * The deletions and the audit entry as one batch. The entry goes in without its hash, as the Worker writes
 * it, and is sealed right after (scripts/audit-seal.ts) when the key is at hand.
 */
const sql = [
  `DELETE FROM totp_credentials WHERE user_id = ${userId}`,
  `DELETE FROM recovery_codes WHERE user_id = ${userId}`,
  `DELETE FROM passkeys WHERE user_id = ${userId}`,
  `DELETE FROM sessions WHERE user_id = ${userId}`,
  // As the dashboard's reset: an address change or a reset link asked for before it never completes.
  ...voidCredentialLinksSql(String(userId)),
  `INSERT INTO account_events (at, subject_id, action, outcome, user_agent) VALUES (unixepoch(), ${userId}, '${RESET}', 'success', 'npm run admin:reset-2fa')`,
  // Enrolment now needs the emailed link; the email goes out with the Worker's next sweep.
  `UPDATE users SET second_factors_reset_at = unixepoch() WHERE id = ${userId}`,
  `INSERT INTO mail_events (id, type, subject_id, created_at) VALUES (${sqlString(randomUUID())}, 'second-factors-reset', ${userId}, unixepoch())`,
].join(";\n");
wrangler(["d1", "execute", "DB", ...target, "--command", sql], { quiet: true });
const key = values.remote ? process.env.AUDIT_LOG_KEY : LOCAL_AUDIT_LOG_KEY;
if (key) sealWithWrangler(target, auditKeyOf(key));
const ended = forgetSessionsInKv(userId, target);
console.log(
  `Removed the second factors of ${values.email} and ended ${ended} session${ended === 1 ? "" : "s"} ` +
    `(${values.remote ? "remote" : "local"} database). They are emailed a link to set one up again.`,
);
