import islandChunks from "virtual:island-chunks";
import { islandStarterSource } from "~/lib/islands";

// The island pages' starter (app/lib/islands.ts), with the chunk names of this build
// (scripts/island-chunks.ts records them while the client is built). The same text in every page of a
// build, so it can be allowed by its hash as well as by a nonce.

let source: string | null = null;

export function islandStarter(): string {
  source ??= islandStarterSource(islandChunks);
  return source;
}
