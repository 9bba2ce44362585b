// `npm test`: everything a merge needs, stopping at the first failure. The steps of one stage run side by
// side (this machine has two cores, and each stage's steps mostly wait on different things); a stage
// starts once every step of the one before has passed. Each step's time is printed as it ends.
// The last line is the plain total of both test runners: "N passed, N failed".
import { type ChildProcess, spawn } from "node:child_process";
import { rmSync } from "node:fs";

interface Step {
  name: string;
  /** The prefix of its lines while it runs beside others. */
  label: string;
  command: string[];
  /** A test runner whose summary counts towards the total. */
  counts?: boolean;
}

const stages: Step[][] = [
  [
    {
      name: "system prerequisites (Chromium, Java)",
      label: "prereq",
      command: ["node", "scripts/test-prerequisites.ts"],
    },
  ],
  // The checks read the sources, the build writes build/: neither waits for the other. The typecheck waits
  // for the build: \`react-router build\` writes .react-router/types again, and a tsc reading them meanwhile
  // once found a route's types missing.
  [
    { name: "lint", label: "lint", command: ["npm", "run", "lint"] },
    { name: "workflows (actionlint)", label: "actionlint", command: ["node", "scripts/lint-workflows.ts"] },
    // A pull request's Preview configuration (decision 180); `npm run preview:check` adds the migrations.
    {
      name: "preview configuration",
      label: "previews",
      command: ["node", "scripts/preview-check.ts", "--config-only"],
    },
    { name: "build", label: "build", command: ["npm", "run", "build"] },
  ],
  // Everything that reads the build. Vitest's workerd works while Playwright's browser and server wait
  // on each other; neither shares state with the other (docs/decisions/136-a-shorter-suite.md).
  [
    { name: "typecheck", label: "typecheck", command: ["npm", "run", "typecheck"] },
    {
      name: "bundle size (wrangler deploy --dry-run)",
      label: "bundle",
      command: ["node", "scripts/bundle-size.ts"],
    },
    {
      name: "vitest (workerd)",
      label: "vitest",
      command: ["npx", "--no-install", "vitest", "run"],
      counts: true,
    },
    {
      name: "playwright (chromium)",
      label: "playwright",
      command: ["npx", "--no-install", "playwright", "test"],
      counts: true,
    },
  ],
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

const running = new Set<ChildProcess>();

/** Runs a step; beside others, each of its lines is written with its label in front. */
function run(step: Step, alone: boolean): Promise<{ code: number; output: string }> {
  const [cmd, ...args] = step.command as [string, ...string[]];
  return new Promise((resolve) => {
    // Its own process group, so a failure elsewhere ends it with everything it started.
    const child = spawn(cmd, args, {
      detached: true,
      env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0" },
    });
    running.add(child);
    let output = "";
    const partial = { stdout: "", stderr: "" };
    const tee = (chunk: Buffer, stream: NodeJS.WriteStream, key: "stdout" | "stderr") => {
      const text = chunk.toString();
      output += text;
      if (alone) {
        stream.write(text);
        return;
      }
      const lines = (partial[key] + text).split("\n");
      partial[key] = lines.pop() ?? "";
      for (const line of lines) stream.write(`[${step.label}] ${line}\n`);
    };
    child.stdout?.on("data", (chunk: Buffer) => tee(chunk, process.stdout, "stdout"));
    child.stderr?.on("data", (chunk: Buffer) => tee(chunk, process.stderr, "stderr"));
    child.on("close", (code) => {
      running.delete(child);
      if (partial.stdout) process.stdout.write(`[${step.label}] ${partial.stdout}\n`);
      if (partial.stderr) process.stderr.write(`[${step.label}] ${partial.stderr}\n`);
      resolve({ code: code ?? 1, output });
    });
  });
}

function stopTheOthers() {
  for (const child of running) {
    try {
      if (child.pid) process.kill(-child.pid, "SIGTERM");
    } catch {
      // Already gone.
    }
  }
}

const minutes = (ms: number) =>
  `${Math.floor(ms / 60_000)}m ${String(Math.round((ms % 60_000) / 1000)).padStart(2, "0")}s`;

// The steps have process groups of their own, so an interrupt reaches them only through here.
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    stopTheOthers();
    process.exit(130);
  });
}

// Each end-to-end run starts from empty local state.
for (const state of [".wrangler/e2e-state", ".wrangler/e2e-state-pages"])
  rmSync(state, { recursive: true, force: true });

const started = Date.now();
for (const stage of stages) {
  const alone = stage.length === 1;
  console.log(`\n━━ ${stage.map((step) => step.name).join("  ·  ")} ━━`);
  const failure = await new Promise<{ step: Step; code: number } | null>((resolve) => {
    let left = stage.length;
    for (const step of stage) {
      const begun = Date.now();
      run(step, alone).then(({ code, output }) => {
        if (step.counts) count(output);
        if (code !== 0) {
          stopTheOthers();
          resolve({ step, code });
          return;
        }
        console.log(`✓ ${step.name} (${minutes(Date.now() - begun)})`);
        left -= 1;
        if (left === 0) resolve(null);
      });
    }
  });
  if (failure) {
    console.error(
      `\n✗ ${failure.step.name} failed (exit ${failure.code}) after ${minutes(Date.now() - started)}.`,
    );
    console.log(`${totals.passed} passed, ${Math.max(totals.failed, 1)} failed`);
    process.exit(failure.code);
  }
}
console.log(`\n✓ every step passed in ${minutes(Date.now() - started)}`);
console.log(`${totals.passed} passed, ${totals.failed} failed`);
