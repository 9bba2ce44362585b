// npm run admin:reset-2fa -- --email admin@example.com [--remote]
// (with --remote, AUDIT_LOG_KEY in the environment: the Worker's current audit-log key, for its entry)
// For the last administrator, when nobody else can reset their second factors from the Users tab: removes
// the account's authenticator app, passkeys and recovery codes and ends its sessions, in local D1 (default)
// or, with --remote, the deployed database, with its entry in the audit log (actor: the console). The
// person is emailed a link (by the Worker's five-minute sweep of unsent mail), signs in with their password
// and opens it to set up a second factor again; /account/security also sends a new link on request.
import { randomUUID } from "node:crypto";
import { parseArgs } from "node:util";
import {
  auditKeyOf,
  type ChainHead,
  ENTRY_COLUMNS,
  entrySelect,
  GENESIS,
  HEAD_KV_KEY,
  keyedEntryHash,
  parseHead,
} from "../app/server/audit/audit-chain.ts";
import { voidCredentialLinksSql } from "../app/server/identity/credential-links.ts";
import { sqlString } from "./admin-account.ts";
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
if (values.remote && !process.env.AUDIT_LOG_KEY) {
  console.error("With --remote, set AUDIT_LOG_KEY to the Worker's audit-log key (docs/operations.md).");
  process.exit(2);
}
const target = values.remote ? ["--remote"] : ["--local", "--persist-to", values.state];
const userId = userIdOf(values.email, target);
if (userId === null) {
  console.error(`No account uses ${values.email}.`);
  process.exit(1);
}

const key = auditKeyOf(values.remote ? (process.env.AUDIT_LOG_KEY ?? "") : LOCAL_AUDIT_LOG_KEY);

function chainHead(): ChainHead {
  const sql = "SELECT id, hash FROM account_events ORDER BY id DESC LIMIT 1";
  const [result] = JSON.parse(
    wrangler(["d1", "execute", "DB", ...target, "--json", "--command", sql], { quiet: true }),
  ) as { results: { id: number; hash: string | null }[] }[];
  const last = result?.results[0];
  return last ? { id: last.id, hash: last.hash ?? GENESIS } : { id: 0, hash: GENESIS };
}

/**
 * The deletions and the audit entry as one batch, the entry as the Worker writes it (entrySelect): a
 * Worker that appended first makes the batch fail, and it runs again on the new head.
 */
function resetStatements(): { sql: string; head: ChainHead } {
  const head = chainHead();
  const fields = {
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
    keyId: key.id,
  };
  const entry = { ...fields, hash: keyedEntryHash(key, fields) };
  const select = entrySelect([entry], { ifChanged: false })
    .map((part) => {
      if ("sql" in part) return part.sql;
      if (part.value === null) return "NULL";
      return typeof part.value === "number" ? String(part.value) : sqlString(part.value);
    })
    .join("");
  const sql = [
    `DELETE FROM totp_credentials WHERE user_id = ${userId}`,
    `DELETE FROM recovery_codes WHERE user_id = ${userId}`,
    `DELETE FROM passkeys WHERE user_id = ${userId}`,
    `DELETE FROM sessions WHERE user_id = ${userId}`,
    // As the dashboard's reset: an address change or a reset link asked for before it never completes.
    ...voidCredentialLinksSql(String(userId)),
    // The audit entry before the email: when a Worker appended first, the statement fails here and nothing
    // after it runs, so the retry cannot queue a second email.
    `INSERT INTO account_events (${ENTRY_COLUMNS.join(", ")}) ${select}`,
    // Enrolment now needs the emailed link; the email goes out with the Worker's next sweep.
    `UPDATE users SET second_factors_reset_at = unixepoch() WHERE id = ${userId}`,
    `INSERT INTO mail_events (id, type, subject_id, created_at) VALUES (${sqlString(randomUUID())}, 'second-factors-reset', ${userId}, unixepoch())`,
  ].join(";\n");
  return { sql, head: { id: entry.id, hash: entry.hash } };
}

let written: ChainHead | null = null;
for (let attempt = 1; !written; attempt += 1) {
  const { sql, head } = resetStatements();
  try {
    wrangler(["d1", "execute", "DB", ...target, "--command", sql], { quiet: true });
    written = head;
  } catch (error) {
    if (attempt >= 5) throw error;
  }
}
// The head outside D1 follows, as the Worker moves it (never back).
const kept = parseHead(
  wrangler(["kv", "key", "get", HEAD_KV_KEY, "--binding", "SESSIONS", ...target, "--text"], { quiet: true }),
);
if (!kept || kept.id < written.id) {
  wrangler(["kv", "key", "put", HEAD_KV_KEY, JSON.stringify(written), "--binding", "SESSIONS", ...target], {
    quiet: true,
  });
}
const ended = forgetSessionsInKv(userId, target);
console.log(
  `Removed the second factors of ${values.email} and ended ${ended} session${ended === 1 ? "" : "s"} ` +
    `(${values.remote ? "remote" : "local"} database). They are emailed a link to set one up again.`,
);
