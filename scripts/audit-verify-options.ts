// The options of `npm run audit:verify` (audit-verify.ts), and its usage.
import { parseArgs } from "node:util";
import { LOCAL_STATE } from "./local-state.ts";

export const USAGE = `Usage: npm run audit:verify [-- OPTIONS]

Checks the audit log's chain in D1 against the heads kept outside it. Exits 0 when it holds, 1 when it
is broken, 2 when it cannot check.

  --remote            the deployed database, KV and witness (default: local state)
  --env NAME          a wrangler environment, such as preview
  --state DIR         the local state folder (default: ${LOCAL_STATE})
  --head ID:HASH      a head noted elsewhere, which D1 must hold
  --heads-file LOG    every "audit log: head ID:HASH" line of a saved Worker log, which D1 must hold
  --no-head           check without the KV head (when it is missing)
  --legacy-prefix ID  entries through ID predate the chain
  --restored          D1 was restored to an earlier point on purpose: the heads kept outside D1 name
                      entries the restore removed, so they are shown, not required
  --write-head        when the chain holds, sign its newest entry as the next head, in KV and the witness
  --help              this text

Keys: AUDIT_LOG_KEYS (base64, separated by spaces or commas). docs/operations.md says more.`;

export function usage(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(2);
}

export function parsedArguments() {
  try {
    return parseArgs({
      options: {
        remote: { type: "boolean", default: false },
        env: { type: "string" },
        state: { type: "string", default: LOCAL_STATE },
        head: { type: "string" },
        "heads-file": { type: "string" },
        "no-head": { type: "boolean", default: false },
        "legacy-prefix": { type: "string" },
        restored: { type: "boolean", default: false },
        "write-head": { type: "boolean", default: false },
        help: { type: "boolean", short: "h", default: false },
      },
    }).values;
  } catch (error) {
    usage((error as Error).message);
  }
}
