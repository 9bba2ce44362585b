import { starter } from "virtual:island-chunks";

// The island pages' starter (app/lib/islands.ts), with the chunk names of this build, minified
// (scripts/island-chunks.ts makes it while the client is built). The same text in every page of a build,
// so it can be allowed by its hash as well as by a nonce.

export function islandStarter(): string {
  return starter;
}
