import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { cloudflareTest } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";
import { resolve, silent, testBindings, testOptions } from "./vitest.shared.ts";

/**
 * The built Worker's configuration without its queue consumer. The suites drive the consumer themselves
 * (tests/domain/mail-delivery.test.ts, and tests/worker through support-mail.ts); left on, it would work through every message the other suites cause (the
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

// Both lanes. tests/domain (vitest.domain.config.ts, `npm run test:fast`) calls modules directly and needs
// no build; tests/worker drives the production build (build/server) inside workerd with real local
// bindings. Run `npm run build` first; `npm test` does.
export default defineConfig(async () => ({
  test: {
    silent,
    projects: [
      "./vitest.domain.config.ts",
      {
        plugins: [
          cloudflareTest({
            main: "./build/server/index.js",
            wrangler: { configPath: testWranglerConfig() },
            miniflare: { bindings: await testBindings() },
          }),
        ],
        resolve,
        test: {
          name: "worker",
          include: ["tests/worker/**/*.test.ts"],
          ...testOptions,
          // Two workers, each keeping one workerd and one instance of the built Worker for all its files;
          // what a file leaves behind is settled by the setup file (decision 178).
          setupFiles: ["./tests/worker/between-files.ts"],
          maxWorkers: 2,
          isolate: false,
          // FUZZ_SEED=<n> replays a run of tests/worker/fuzz.test.ts.
          provide: { fuzzSeed: process.env.FUZZ_SEED ?? "", buildSeed: buildSeed() },
        },
      },
    ],
  },
}));
