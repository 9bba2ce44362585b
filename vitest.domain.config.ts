import { cloudflareTest } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";
import { unstable_getMiniflareWorkerOptions, unstable_readConfig } from "wrangler";
import { resolve, silent, testBindings, testOptions } from "./vitest.shared.ts";

/**
 * wrangler.toml's bindings (D1, KV, R2, the queue's producer, rate limits, email, vars) and compatibility
 * settings, without its Worker: no `main`, no static assets from build/client and no queue consumer. The
 * domain tests call modules directly, so nothing here needs `npm run build`.
 */
function sourceBindings() {
  const { workerOptions } = unstable_getMiniflareWorkerOptions(
    unstable_readConfig({ config: "./wrangler.toml" }),
  );
  const { assets: _assets, queueConsumers: _consumers, cronTriggers: _crons, ...bindings } = workerOptions;
  return bindings;
}

// The fast lane (`npm run test:fast`): tests/domain, the domain, lib and content modules tested directly
// inside workerd with the same bindings and migrations as the full lane, without a build or a browser.
export default defineConfig(async () => {
  const options = sourceBindings();
  return {
    plugins: [
      cloudflareTest({
        miniflare: {
          ...options,
          bindings: { ...(options.bindings as Record<string, unknown>), ...(await testBindings()) },
        },
      }),
    ],
    resolve,
    test: {
      name: "domain",
      include: ["tests/domain/**/*.test.ts"],
      ...testOptions,
      silent,
      setupFiles: ["./tests/worker/apply-migrations.ts"],
      // Stylesheets imported with ?raw are their text (Vitest makes every other stylesheet empty).
      css: { include: [/\.css\?raw$/] },
      // Two workers, each keeping one workerd for all its files: starting one per file was most of the
      // lane's time. Storage is emptied per file by the setup file (decision 168).
      maxWorkers: 2,
      isolate: false,
    },
  };
});
