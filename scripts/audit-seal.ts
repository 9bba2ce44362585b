// Seals the audit entries a console script wrote (audit-chain.ts `sealedEntries`), as the Worker's sealer
// does, when the script holds the key: always locally, remotely with AUDIT_LOG_KEY in its environment.
// Without the key the Worker seals them after its next write, or within five minutes by its cron.
import {
  type AuditKey,
  type ChainHead,
  type EntryRow,
  GENESIS,
  sealedEntries,
  storedEntryOf,
} from "../app/server/audit/audit-chain.ts";
import { sqlString } from "./admin-account.ts";
import { wrangler } from "./local-state.ts";

function rows<T>(target: string[], sql: string): T[] {
  const [result] = JSON.parse(
    wrangler(["d1", "execute", "DB", ...target, "--json", "--command", sql], { quiet: true }),
  ) as { results: T[] }[];
  return result?.results ?? [];
}

/** Chains every entry after the newest sealed one; a Worker sealing at the same moment writes the same. */
export function sealWithWrangler(target: string[], key: AuditKey): number {
  const [previous] = rows<ChainHead>(
    target,
    "SELECT id, hash FROM account_events WHERE hash IS NOT NULL ORDER BY id DESC LIMIT 1",
  );
  const pending = rows<EntryRow>(
    target,
    `SELECT * FROM account_events WHERE id > ${previous?.id ?? 0} ORDER BY id LIMIT 500`,
  );
  if (pending.length === 0) return 0;
  const updates = sealedEntries(key, previous ?? null, pending.map(storedEntryOf)).map(
    (entry) =>
      `UPDATE account_events SET prev_hash = '${entry.prevHash}', hash = '${entry.hash}', key_id = ${sqlString(entry.keyId ?? "")} WHERE id = ${entry.id} AND hash IS NULL AND (SELECT hash FROM account_events WHERE hash IS NOT NULL AND id < ${entry.id} ORDER BY id DESC LIMIT 1) IS ${entry.prevHash === GENESIS ? "NULL" : `'${entry.prevHash}'`}`,
  );
  wrangler(["d1", "execute", "DB", ...target, "--command", updates.join(";\n")], { quiet: true });
  return updates.length;
}
