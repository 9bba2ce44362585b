import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";
import {
  LOCAL_AUDIT_LOG_KEY,
  LOCAL_RECOVERY_CODE_KEY,
  LOCAL_TOTP_ENCRYPTION_KEY,
} from "./scripts/local-secrets.ts";

/**
 * The built Worker's configuration without its queue consumer. The suites drive the consumer themselves
 * (tests/worker/mail.test.ts); left on, it would work through every message the other suites cause (the
 * crowd test alone causes 400) while they run, and the run never settles.
 */
function testWranglerConfig(): string {
  const built = "./build/server/wrangler.json";
  const config = JSON.parse(readFileSync(built, "utf8"));
  if (config.queues) delete config.queues.consumers;
  const path = "./build/server/wrangler.test.json";
  writeFileSync(path, JSON.stringify(config));
  return path;
}

/**
 * A fuzz seed that belongs to the build: every change to the Worker's code explores new requests, and the
 * same code always replays the same ones, so the suite never fails by chance.
 */
function buildSeed(): string {
  const digest = createHash("sha256").update(readFileSync("./build/server/index.js")).digest();
  return String(digest.readUInt32BE(0) >>> 1);
}

// The suites drive the production build (build/server) inside workerd with real local bindings.
// Run `npm run build` first; `npm test` does.
export default defineConfig(async () => {
  const migrations = await readD1Migrations("./db/migrations");
  return {
    plugins: [
      cloudflareTest({
        main: "./build/server/index.js",
        wrangler: { configPath: testWranglerConfig() },
        miniflare: {
          bindings: {
            TEST_MIGRATIONS: migrations,
            TOTP_ENCRYPTION_KEY: LOCAL_TOTP_ENCRYPTION_KEY,
            RECOVERY_CODE_KEY: LOCAL_RECOVERY_CODE_KEY,
            AUDIT_LOG_KEY: LOCAL_AUDIT_LOG_KEY,
          },
        },
      }),
    ],
    // The app's own `~/` imports, for suites that import server modules directly.
    resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
    test: {
      include: ["tests/worker/**/*.test.ts"],
      // Only a hang, never a busy machine, may decide a test: each waits for states, not for time.
      testTimeout: 120_000,
      hookTimeout: 120_000,
      setupFiles: ["./tests/worker/apply-migrations.ts"],
      // FUZZ_SEED=<n> replays a run of tests/worker/fuzz.test.ts.
      provide: { fuzzSeed: process.env.FUZZ_SEED ?? "", buildSeed: buildSeed() },
    },
  };
});
