import { readFileSync } from "node:fs";
import type { Config } from "@react-router/dev/config";
import { PAGE_ROUTES, prerenderedPaths } from "./app/lib/route-table";
import { stretchPrerenderDeadlines } from "./scripts/prerender-patience";
import { publishPrerenderedPages } from "./scripts/prerendered-pages";
import { prerenderedStorageRefusal } from "./scripts/prerendered-storage-check";

// A prerendered route may not read storage (D1, KV, R2): refused here, before anything is built.
const refusals = PAGE_ROUTES.filter((entry) => entry.rendering === "prerendered")
  .map((entry) =>
    prerenderedStorageRefusal(
      entry.path,
      entry.module,
      readFileSync(new URL(`./app/${entry.module}`, import.meta.url), "utf8"),
    ),
  )
  .filter((refusal) => refusal !== null);
if (refusals.length > 0) throw new Error(refusals.join("\n"));

// Each page may take as long as a busy machine needs; only a hang fails the build.
stretchPrerenderDeadlines();

export default {
  ssr: true,
  // Content pages are rendered once, through the Worker, at build time…
  prerender: [...prerenderedPaths],
  // …then moved out of the public assets, where only the Worker (and its headers) serves them.
  buildEnd: ({ reactRouterConfig }) =>
    publishPrerenderedPages(reactRouterConfig.buildDirectory, prerenderedPaths),
} satisfies Config;
