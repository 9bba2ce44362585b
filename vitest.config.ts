import { fileURLToPath } from "node:url";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";

// The suites drive the production build (build/server) inside workerd with real local bindings.
// Run `npm run build` first; `npm test` does.
export default defineConfig(async () => {
  const migrations = await readD1Migrations("./db/migrations");
  return {
    plugins: [
      cloudflareTest({
        main: "./build/server/index.js",
        wrangler: { configPath: "./build/server/wrangler.json" },
        miniflare: { bindings: { TEST_MIGRATIONS: migrations } },
      }),
    ],
    // The app's own `~/` imports, for suites that import server modules directly.
    resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
    test: {
      include: ["tests/worker/**/*.test.ts"],
      setupFiles: ["./tests/worker/apply-migrations.ts"],
      // FUZZ_SEED=<n> replays a run of tests/worker/fuzz.test.ts.
      provide: { fuzzSeed: process.env.FUZZ_SEED ?? "" },
    },
  };
});
