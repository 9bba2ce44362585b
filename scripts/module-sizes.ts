// No module over 350 lines (issue 32; docs/architecture.md, The layers): run by `npm run lint` after the
// layer rules. Every TypeScript module the project writes counts, tests and their support modules among
// them; a module that grows past the limit holds two ideas, and is split where they part, not by count.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";

const MAX_LINES = 350;
const FOLDERS = ["app", "db", "scripts", "tests", "workers"];
/** Written by tools, not by us. */
const SKIPPED = new Set(["node_modules", "+types", ".react-router"]);

function* modules(folder: string): Generator<string> {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (SKIPPED.has(entry.name)) continue;
    const path = join(folder, entry.name);
    if (entry.isDirectory()) yield* modules(path);
    else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts")) yield path;
  }
}

const root = process.cwd();
const over: string[] = [];
let counted = 0;
for (const folder of FOLDERS) {
  for (const path of modules(join(root, folder))) {
    counted += 1;
    const lines = readFileSync(path, "utf8").split("\n").length - 1;
    if (lines > MAX_LINES) over.push(`${relative(root, path)}: ${lines} lines`);
  }
}
if (over.length > 0) {
  console.error(
    `✗ module sizes: over ${MAX_LINES} lines (split where the ideas part):\n  ${over.join("\n  ")}`,
  );
  process.exit(1);
}
console.log(`✓ module sizes: ${counted} modules, none over ${MAX_LINES} lines`);
