declare module "virtual:react-router/server-build" {
  import type { ServerBuild } from "react-router";

  const build: ServerBuild;
  export = build;
}

declare module "virtual:island-chunks" {
  import type { IslandChunkMap } from "~/lib/islands";

  /** Each island's entry chunk and the chunks it imports, as URLs (scripts/island-chunks.ts). */
  const chunks: IslandChunkMap;
  export default chunks;
  /** The starter's source for these chunks (app/lib/islands.ts), minified in a build. */
  export const starter: string;
}
