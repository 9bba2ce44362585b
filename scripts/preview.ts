// Serves the production build with `wrangler dev` on $PORT (default 8787), using the shared local state.
// Its output is also written to <state>/dev-server.log, where the simulated emails are listed (From, To,
// Subject and the files holding each text and HTML body): the end-to-end suite reads them from there.
import { spawn } from "node:child_process";
import { createWriteStream, mkdirSync } from "node:fs";
import {
  LOCAL_AUDIT_LOG_KEY,
  LOCAL_RECOVERY_CODE_KEY,
  LOCAL_THREAD_ADDRESS_KEY,
  LOCAL_TOTP_ENCRYPTION_KEY,
} from "./local-secrets.ts";
import { DEV_SERVER_LOG, LOCAL_STATE } from "./local-state.ts";

const port = process.env.PORT ?? "8787";
mkdirSync(LOCAL_STATE, { recursive: true });
const log = createWriteStream(DEV_SERVER_LOG, { flags: "a" });
const child = spawn(
  "npx",
  [
    "--no-install",
    "wrangler",
    "dev",
    "--port",
    port,
    "--persist-to",
    LOCAL_STATE,
    "--ip",
    "127.0.0.1",
    // Its own inspector port, so several local servers (dev, preview, a test run) can run side by side.
    "--inspector-port",
    process.env.INSPECTOR_PORT ?? String(Number(port) + 1000),
    "--var",
    `TOTP_ENCRYPTION_KEY:${LOCAL_TOTP_ENCRYPTION_KEY}`,
    "--var",
    `RECOVERY_CODE_KEY:${LOCAL_RECOVERY_CODE_KEY}`,
    "--var",
    `AUDIT_LOG_KEY:${LOCAL_AUDIT_LOG_KEY}`,
    "--var",
    `THREAD_ADDRESS_KEY:${LOCAL_THREAD_ADDRESS_KEY}`,
    ...process.argv.slice(2),
  ],
  {
    stdio: ["inherit", "pipe", "pipe"],
    // No fetch of a real `Request.cf` from the internet at start: local runs are offline.
    env: { CLOUDFLARE_CF_FETCH_ENABLED: "false", ...process.env, WRANGLER_SEND_METRICS: "false" },
  },
);
for (const [from, to] of [
  [child.stdout, process.stdout],
  [child.stderr, process.stderr],
] as const) {
  from.on("data", (chunk: Buffer) => {
    to.write(chunk);
    log.write(chunk);
  });
}
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));
