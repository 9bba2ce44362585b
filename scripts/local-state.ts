import { spawnSync } from "node:child_process";

/**
 * The one folder every local tool shares (dev server, preview, migrations, seeding).
 * The end-to-end suite points FACETS_STATE_DIR at a throw-away folder of its own.
 */
export const LOCAL_STATE = process.env.FACETS_STATE_DIR ?? ".wrangler/state";

/** Where `scripts/preview.ts` also writes the server's output (the simulated emails are listed there). */
export const DEV_SERVER_LOG = `${LOCAL_STATE}/dev-server.log`;

/** Runs wrangler with the project's Node, failing loudly. */
export function wrangler(args: string[], options: { input?: string; quiet?: boolean } = {}): string {
  const result = spawnSync("npx", ["--no-install", "wrangler", ...args], {
    encoding: "utf8",
    input: options.input,
    // A page of the audit log, or any other JSON answer, may be larger than spawnSync's default 1 MiB.
    maxBuffer: 512 * 1024 * 1024,
    env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
    stdio: [options.input === undefined ? "ignore" : "pipe", "pipe", "pipe"],
  });
  if (result.status !== 0) {
    process.stderr.write(result.stdout + result.stderr);
    throw new Error(`wrangler ${args.join(" ")} exited with ${result.status}`);
  }
  if (!options.quiet) process.stdout.write(result.stdout);
  return result.stdout;
}

/** Runs SQL against the local D1 database. */
export function localSql(sql: string): string {
  return wrangler(
    ["d1", "execute", "DB", "--local", "--persist-to", LOCAL_STATE, "--json", "--command", sql],
    {
      quiet: true,
    },
  );
}
