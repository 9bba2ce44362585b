import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sessionKey, userIndexPrefix } from "../app/server/identity/session-keys.ts";
import { sqlString } from "./admin-account.ts";
import { wrangler } from "./local-state.ts";

// What the admin scripts share with wrangler: finding an account, and ending its sessions as
// `endUserSessions` does in the Worker (D1 rows first, then KV keys).

/** The id of the account with this address, or null. `target`: ["--remote"] or the local state flags. */
export function userIdOf(email: string, target: string[]): number | null {
  const lookup = `SELECT id FROM users WHERE email = ${sqlString(email.trim().toLowerCase())}`;
  const [result] = JSON.parse(
    wrangler(["d1", "execute", "DB", ...target, "--json", "--command", lookup], { quiet: true }),
  ) as { results: { id: number }[] }[];
  return result?.results[0]?.id ?? null;
}

/** Removes the KV keys of a user's sessions (their D1 rows are already gone); returns how many. */
export function forgetSessionsInKv(userId: number, target: string[]): number {
  const prefix = userIndexPrefix(userId);
  const indexKeys = (
    JSON.parse(
      wrangler(["kv", "key", "list", "--binding", "SESSIONS", ...target, "--prefix", prefix], {
        quiet: true,
      }),
    ) as { name: string }[]
  ).map(({ name }) => name);
  if (indexKeys.length === 0) return 0;
  const folder = mkdtempSync(path.join(tmpdir(), "admin-sessions-"));
  try {
    const file = path.join(folder, "keys.json");
    const keys = indexKeys.flatMap((name) => [sessionKey(name.slice(prefix.length)), name]);
    writeFileSync(file, JSON.stringify(keys));
    wrangler(["kv", "bulk", "delete", file, "--binding", "SESSIONS", ...target, "--force"], { quiet: true });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  return indexKeys.length;
}

/** Deletes every session of the account, its D1 rows and KV keys; returns how many KV sessions it had. */
export function endSessionsOf(email: string, target: string[]): number {
  const userId = userIdOf(email, target);
  if (userId === null) throw new Error(`${email} is not in the database`);
  // The D1 rows first: privileged requests check them, so the sessions end there at once.
  wrangler(
    ["d1", "execute", "DB", ...target, "--command", `DELETE FROM sessions WHERE user_id = ${userId}`],
    {
      quiet: true,
    },
  );
  return forgetSessionsInKv(userId, target);
}
