// npm run audit:seal [-- --remote] [-- --env preview] [-- --state DIR] [-- --force]
// Seals the audit entries waiting after the newest sealed one (audit-chain.ts `sealedEntries`), as the
// Worker's sealer does. Console scripts call it for their own entries when they hold the key: always
// locally, remotely with AUDIT_LOG_KEY in their environment; without it the Worker seals them after its
// next write, or within five minutes by its cron. An operator runs it with --force after looking at entries
// the Worker refused to seal because they waited past the deadline (docs/operations.md).
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import {
  type AuditKey,
  auditKeyOf,
  type ChainHead,
  type EntryRow,
  GENESIS,
  HEAD_KV_KEY,
  parseHead,
  sealablePrefix,
  sealedEntries,
  storedEntryOf,
} from "../app/server/audit/audit-chain.ts";
import { sqlString } from "./admin-account.ts";
import { readWitness, witnessBucket } from "./audit-witness.ts";
import { LOCAL_AUDIT_LOG_KEY } from "./local-secrets.ts";
import { LOCAL_STATE, wrangler } from "./local-state.ts";

/** The wrangler environment a target names (`--env NAME`), if any. */
const envOf = (target: string[]) => {
  const at = target.indexOf("--env");
  return at === -1 ? undefined : target[at + 1];
};

function rows<T>(target: string[], sql: string): T[] {
  const [result] = JSON.parse(
    wrangler(["d1", "execute", "DB", ...target, "--json", "--command", sql], { quiet: true }),
  ) as { results: T[] }[];
  return result?.results ?? [];
}

/**
 * Chains the entries after the newest sealed one that may be sealed now (`sealablePrefix`); a Worker sealing
 * at the same moment writes the same. Returns how many it sealed, and why it stopped short, if it did.
 */
export function sealWithWrangler(
  target: string[],
  key: AuditKey,
  { force = false } = {},
): { sealed: number; refusal: string | null } {
  // The witness's head says what was sealed once, as it does for the Worker's sealer (decision 163).
  const witness = readWitness(witnessBucket(envOf(target)), target);
  const kept =
    witness.kind === "head"
      ? witness.head
      : parseHead(
          wrangler(["kv", "key", "get", HEAD_KV_KEY, "--binding", "SESSIONS", ...target, "--text"], {
            quiet: true,
          }),
        );
  const [previous] = rows<ChainHead>(
    target,
    "SELECT id, hash FROM account_events WHERE hash IS NOT NULL ORDER BY id DESC LIMIT 1",
  );
  const pending = rows<EntryRow>(
    target,
    `SELECT * FROM account_events WHERE id > ${previous?.id ?? 0} ORDER BY id LIMIT 500`,
  );
  const { entries, refusal } = sealablePrefix(pending.map(storedEntryOf), {
    kept,
    anySealed: previous !== undefined,
    now: Math.floor(Date.now() / 1000),
    force,
  });
  if (entries.length === 0) return { sealed: 0, refusal };
  const updates = sealedEntries(key, previous ?? null, entries).map(
    (entry) =>
      `UPDATE account_events SET prev_hash = '${entry.prevHash}', hash = '${entry.hash}', key_id = ${sqlString(entry.keyId ?? "")} WHERE id = ${entry.id} AND hash IS NULL AND (SELECT hash FROM account_events WHERE hash IS NOT NULL AND id < ${entry.id} ORDER BY id DESC LIMIT 1) IS ${entry.prevHash === GENESIS ? "NULL" : `'${entry.prevHash}'`}`,
  );
  wrangler(["d1", "execute", "DB", ...target, "--command", updates.join(";\n")], { quiet: true });
  return { sealed: updates.length, refusal };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      remote: { type: "boolean", default: false },
      env: { type: "string" },
      state: { type: "string", default: LOCAL_STATE },
      force: { type: "boolean", default: false },
    },
  });
  const secret = values.remote ? process.env.AUDIT_LOG_KEY : LOCAL_AUDIT_LOG_KEY;
  if (!secret) {
    console.error(
      "With --remote, set AUDIT_LOG_KEY to the Worker's current audit-log key (docs/operations.md).",
    );
    process.exit(2);
  }
  const target = [
    ...(values.remote ? ["--remote"] : ["--local", "--persist-to", values.state]),
    ...(values.env ? ["--env", values.env] : []),
  ];
  let total = 0;
  for (;;) {
    const { sealed, refusal } = sealWithWrangler(target, auditKeyOf(secret), { force: values.force });
    total += sealed;
    if (refusal) {
      console.error(`Stopped: ${refusal}.`);
      break;
    }
    if (sealed === 0) break;
  }
  console.log(`Sealed ${total} entr${total === 1 ? "y" : "ies"}. Run npm run audit:verify next.`);
}
