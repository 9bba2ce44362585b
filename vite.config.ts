import { fileURLToPath } from "node:url";
import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { PAGE_ROUTES } from "./app/lib/route-table.ts";
import { PRERENDERED_DIR } from "./app/server/delivery/prerendered-manifest.ts";
import { islandChunks } from "./scripts/island-chunks.ts";

// Requests for pages go straight to the Worker instead of first asking the static assets whether a
// file matches (measured: +20% throughput on a prerendered page); the prerendered documents' own
// folder is never served as bare files. Everything else (/assets/*, favicon, images) stays static-first.
const workerFirst = [`/${PRERENDERED_DIR}/*`, ...PAGE_ROUTES.map((entry) => entry.path), "/api/*"];

// Local development runs offline: Miniflare would otherwise fetch a real `Request.cf` object from
// workers.cloudflare.com at every start and print a DNS error without a network. Its placeholder will do.
process.env.CLOUDFLARE_CF_FETCH_ENABLED ??= "false";

export default defineConfig({
  plugins: [
    cloudflare({
      viteEnvironment: { name: "ssr" },
      inspectorPort: false,
      config: (worker) => ({ assets: { ...worker.assets, run_worker_first: workerFirst } }),
    }),
    tailwindcss(),
    reactRouter(),
    // The island pages' client entries (app/lib/islands.ts), and their chunk names for the Worker.
    islandChunks({ appDirectory: fileURLToPath(new URL("./app", import.meta.url)) }),
  ],
  build: {
    // React Router emits its own modulepreload links; Vite's preload helper for dynamic imports
    // would cost 2 KB gzip on every interactive page for nothing.
    modulePreload: false,
  },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          // Every client module runs as soon as an interactive page starts (content pages ship none), so
          // each asks V8 to compile all its functions eagerly (Chrome 136+) rather than on first call,
          // on the main thread, inside React's hydration slices (docs/architecture.md).
          output: { postBanner: "//# allFunctionsCalledOnLoad" },
        },
      },
    },
  },
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
});
