// `npm test`: everything a merge needs, in order, stopping at the first failure.
// The last line is the plain total of both test runners: "N passed, N failed".
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";

const steps: { name: string; command: string[] }[] = [
  { name: "system prerequisites (Chromium, Java)", command: ["node", "scripts/test-prerequisites.ts"] },
  { name: "typecheck", command: ["npm", "run", "typecheck"] },
  { name: "lint", command: ["npm", "run", "lint"] },
  { name: "workflows (actionlint)", command: ["node", "scripts/lint-workflows.ts"] },
  { name: "build", command: ["npm", "run", "build"] },
  { name: "bundle size (wrangler deploy --dry-run)", command: ["node", "scripts/bundle-size.ts"] },
  { name: "vitest (workerd)", command: ["npx", "--no-install", "vitest", "run"] },
  { name: "playwright (chromium)", command: ["npx", "--no-install", "playwright", "test"] },
];

const totals = { passed: 0, failed: 0 };

/** Adds up a runner's own summary: Vitest's "Tests  2 failed | 151 passed", Playwright's "99 passed". */
function count(output: string) {
  const vitest = /^\s*Tests\s+(.*)\(\d+\)\s*$/m.exec(output)?.[1];
  const summary = vitest ?? output.split("\n").slice(-40).join("\n");
  for (const [kind, pattern] of [
    ["passed", /(\d+) passed/g],
    ["failed", /(\d+) (?:failed|flaky)/g],
  ] as const) {
    for (const match of summary.matchAll(pattern)) totals[kind] += Number(match[1]);
  }
}

function run(command: string[]): Promise<{ code: number; output: string }> {
  const [cmd, ...args] = command as [string, ...string[]];
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0" } });
    let output = "";
    const tee = (chunk: Buffer, stream: NodeJS.WriteStream) => {
      output += chunk.toString();
      stream.write(chunk);
    };
    child.stdout.on("data", (chunk: Buffer) => tee(chunk, process.stdout));
    child.stderr.on("data", (chunk: Buffer) => tee(chunk, process.stderr));
    child.on("close", (code) => resolve({ code: code ?? 1, output }));
  });
}

// Each end-to-end run starts from empty local state.
rmSync(".wrangler/e2e-state", { recursive: true, force: true });

for (const step of steps) {
  console.log(`\n━━ ${step.name} ━━`);
  const { code, output } = await run(step.command);
  if (step.name.startsWith("vitest") || step.name.startsWith("playwright")) count(output);
  if (code !== 0) {
    console.error(`\n✗ ${step.name} failed (exit ${code}).`);
    console.log(`${totals.passed} passed, ${Math.max(totals.failed, 1)} failed`);
    process.exit(code);
  }
}
console.log("\n✓ every step passed");
console.log(`${totals.passed} passed, ${totals.failed} failed`);
