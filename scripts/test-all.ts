// `npm test`: everything a merge needs, in order, stopping at the first failure.
import { spawnSync } from "node:child_process";
import { rmSync } from "node:fs";

const steps: { name: string; command: string[] }[] = [
  { name: "typecheck", command: ["npm", "run", "typecheck"] },
  { name: "lint", command: ["npm", "run", "lint"] },
  { name: "workflows (actionlint)", command: ["node", "scripts/lint-workflows.ts"] },
  { name: "build", command: ["npm", "run", "build"] },
  { name: "bundle size (wrangler deploy --dry-run)", command: ["node", "scripts/bundle-size.ts"] },
  { name: "vitest (workerd)", command: ["npx", "--no-install", "vitest", "run"] },
  { name: "playwright (chromium)", command: ["npx", "--no-install", "playwright", "test"] },
];

// Each end-to-end run starts from empty local state.
rmSync(".wrangler/e2e-state", { recursive: true, force: true });

for (const step of steps) {
  console.log(`\n━━ ${step.name} ━━`);
  const [cmd, ...args] = step.command as [string, ...string[]];
  const result = spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, FORCE_COLOR: "0" } });
  if (result.status !== 0) {
    console.error(`\n✗ ${step.name} failed (exit ${result.status ?? result.signal}).`);
    process.exit(result.status ?? 1);
  }
}
console.log("\n✓ every step passed");
