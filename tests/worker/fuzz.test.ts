import { env } from "cloudflare:test";
import fc from "fast-check";
import { beforeAll, describe, inject, it } from "vitest";
import { signedInCookie } from "./support-accounts";
import { caseArb } from "./support-fuzz-cases";
import { problemsOf } from "./support-fuzz-expectations";
import type { Sessions } from "./support-fuzz-requests";

// Property-based fuzz of the built worker (docs/standards.md, Budgets: "5xx answers to anything a client can
// send: 0"). A failure prints the seed, the shrunk counterexample and what was wrong with the answer;
// replay a run with FUZZ_SEED=<seed> npx vitest run tests/worker/fuzz.test.ts.

const RUNS = 300;
const FIXED_SEED = 20_260_701;

function seedFromEnvironment(): number {
  const raw = inject("fuzzSeed");
  const seed = raw ? Number(raw) : FIXED_SEED;
  return Number.isSafeInteger(seed) ? seed : FIXED_SEED;
}

async function fuzz(seed: number, sessions: Sessions) {
  console.log(`fuzz: seed ${seed}, ${RUNS} runs (replay with FUZZ_SEED=${seed})`);
  await fc.assert(
    fc.asyncProperty(caseArb, async (c) => {
      const { problems, summary } = await problemsOf(c, sessions);
      if (problems.length > 0) throw new Error(`${problems.join("; ")}\n    ${summary}`);
    }),
    { seed, numRuns: RUNS, verbose: fc.VerbosityLevel.Verbose },
  );
}

describe("any request", () => {
  let sessions: Sessions;

  beforeAll(async () => {
    const [member, admin] = await Promise.all([signedInCookie(), signedInCookie({ admin: true })]);
    sessions = { member: member.cookie, admin: admin.cookie };
    // A small film, so Range and conditional headers reach the streaming code.
    await env.VIDEOS.put(env.VIDEO_KEY_WORKZONE, new Uint8Array(4096), {
      httpMetadata: { contentType: "video/mp4" },
    });
  });

  it("is answered on purpose (fixed seed)", async () => {
    await fuzz(seedFromEnvironment(), sessions);
  }, 600_000);

  // A seed derived from the build's own bytes (vitest.config.ts): new cases whenever the code changes,
  // the same cases for the same code. A run never depends on chance.
  it("is answered on purpose (this build's seed)", async () => {
    await fuzz(Number(inject("buildSeed")), sessions);
  }, 600_000);
});
