import type { D1Migration } from "cloudflare:test";

declare global {
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: D1Migration[];
    }
  }
}
declare module "*?raw" {
  const text: string;
  export default text;
}

declare module "vitest" {
  export interface ProvidedContext {
    /** FUZZ_SEED from the shell, for tests/worker/fuzz.test.ts; "" when unset. */
    fuzzSeed: string;
    /** A seed from the built Worker's bytes (vitest.config.ts). */
    buildSeed: string;
  }
}
