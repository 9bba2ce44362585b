import type { Config } from "@react-router/dev/config";
import { prerenderedPaths } from "./app/content/site-pages";
import { publishPrerenderedPages } from "./scripts/prerendered-pages";

export default {
  ssr: true,
  // Content pages are rendered once, through the Worker, at build time…
  prerender: [...prerenderedPaths],
  // …then moved out of the public assets, where only the Worker (and its headers) serves them.
  buildEnd: ({ reactRouterConfig }) =>
    publishPrerenderedPages(reactRouterConfig.buildDirectory, prerenderedPaths),
} satisfies Config;
