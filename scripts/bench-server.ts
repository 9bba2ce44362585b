// A bench's server (scripts/bench.ts, scripts/bench-tracing.ts): the production build (built first if there
// is none, or with --build) served by `wrangler dev` from a throw-away state folder, in a process group of
// its own so npx, wrangler and workerd stop together; and the demo admin's sign-in on it.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { createWriteStream, existsSync, mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { decodeBase32IgnorePadding } from "@oslojs/encoding";
import { totpCodeAt } from "../app/server/second-factors/totp-secrets.ts";
import { DEMO_ADMIN } from "./admin-account.ts";
import { DEMO_ADMIN_TOTP_SECRET } from "./local-secrets.ts";

export const root = path.resolve(import.meta.dirname, "..");

export function runOrExit(command: string, args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  if (result.status !== 0) {
    console.error(`✗ ${command} ${args.join(" ")} exited with ${result.status ?? result.signal}`);
    process.exit(1);
  }
}

/** Builds unless a build is there (or --build asks for a new one). */
export function ensureBuild() {
  const built = ["build/server/index.js", "build/client/_prerendered/manifest.json"].every((file) =>
    existsSync(path.join(root, file)),
  );
  if (!built || process.argv.includes("--build")) runOrExit("npm", ["run", "build"]);
}

export interface BenchServer {
  origin: string;
  /** scripts/preview.ts gives the server's inspector the port 1000 above its own. */
  inspector: string;
  waitUntilServing: () => Promise<void>;
  signIn: () => Promise<string>;
  stop: () => Promise<void>;
}

/**
 * Starts the build on `port`, its output in .wrangler/<name>-server.log. With `stateDir`, from a throw-away
 * state folder, migrated and seeded first and removed on stop; without, from the shared local state as it
 * is. `traces` turns on `wrangler dev`'s local trace store (X_LOCAL_OBSERVABILITY), which production does
 * not run: off unless asked.
 */
export function startBenchServer({
  name,
  port,
  stateDir,
  traces = false,
}: {
  name: string;
  port: number;
  stateDir?: string;
  traces?: boolean;
}): BenchServer {
  const origin = `http://127.0.0.1:${port}`;
  const serverLog = path.join(root, ".wrangler", `${name}-server.log`);
  if (stateDir) {
    rmSync(path.join(root, stateDir), { recursive: true, force: true });
    runOrExit("node", ["scripts/prepare-local.ts"], { FACETS_STATE_DIR: stateDir });
  }
  mkdirSync(path.dirname(serverLog), { recursive: true });
  const log = createWriteStream(serverLog);
  const child: ChildProcess = spawn("node", ["scripts/preview.ts"], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      ...(stateDir ? { FACETS_STATE_DIR: stateDir } : {}),
      X_LOCAL_OBSERVABILITY: String(traces),
    },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);

  const signal = (name: NodeJS.Signals) => {
    try {
      if (child.pid) process.kill(-child.pid, name);
    } catch {
      // Already gone.
    }
  };
  // However this script ends (an exit on a failed step included), its server does not outlive it.
  process.once("exit", () => signal("SIGKILL"));

  return {
    origin,
    inspector: `ws://127.0.0.1:${port + 1000}/ws`,
    async waitUntilServing() {
      const deadline = Date.now() + 600_000; // only a hang: a busy machine starts it slowly (decision 162)
      while (Date.now() < deadline) {
        if (child.exitCode !== null)
          throw new Error(`wrangler dev exited (${child.exitCode}); see ${serverLog}`);
        try {
          if ((await fetch(`${origin}/favicon.svg`)).ok) return;
        } catch {
          // Not listening yet.
        }
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      throw new Error(`wrangler dev did not answer on ${origin} within 10 minutes; see ${serverLog}`);
    },
    async signIn() {
      // An administrator signs in with a second factor: the demo admin's authenticator code of this moment.
      const step = Math.floor(Date.now() / 30_000);
      const code = totpCodeAt(decodeBase32IgnorePadding(DEMO_ADMIN_TOTP_SECRET), step);
      const response = await fetch(`${origin}/api/login`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: origin },
        body: JSON.stringify({ email: DEMO_ADMIN.email, password: DEMO_ADMIN.password, code }),
      });
      const cookie = response.headers.get("Set-Cookie")?.split(";")[0];
      if (!response.ok || !cookie)
        throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
      return cookie;
    },
    async stop() {
      const exited = child.exitCode === null ? new Promise((resolve) => child.once("exit", resolve)) : null;
      signal("SIGTERM");
      if (exited) await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      signal("SIGKILL");
      if (stateDir) rmSync(path.join(root, stateDir), { recursive: true, force: true });
    },
  };
}
