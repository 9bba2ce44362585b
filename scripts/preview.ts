// Serves the production build with `wrangler dev` on $PORT (default 8787), using the shared local state.
import { spawn } from "node:child_process";
import { LOCAL_STATE } from "./local-state.ts";

const port = process.env.PORT ?? "8787";
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
    ...process.argv.slice(2),
  ],
  { stdio: "inherit", env: { ...process.env, WRANGLER_SEND_METRICS: "false" } },
);
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));
