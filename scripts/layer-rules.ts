// The layers of app/ and the floors of app/server, kept by the linter (docs/architecture.md, The layers;
// decision 138). Their table (scripts/layer-table.ts) is the one place they are written:
//   node scripts/layer-rules.ts --write   writes them into biome.layers.json, as Biome's noRestrictedImports
//                                         (one override per area; biome.json extends it)
//   node scripts/layer-rules.ts           run by `npm run lint` after `biome check .`: fails if
//                                         biome.layers.json is not what this table makes, if app/server has a
//                                         folder with no floor, or if Biome lets a wrong import through. For
//                                         that it lints, in a scratch folder, one import from every area into
//                                         every other (value and type imports, by alias and by relative path).
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { isDeepStrictEqual } from "node:util";
import {
  floorOf,
  LAYERS_FILE,
  layerOverrides,
  MAIL_DOOR,
  type Override,
  SERVER_FLOORS,
} from "./layer-table.ts";

// ── The check ────────────────────────────────────────────────────────────────────────────────────────────

/** A module somewhere in app/ (without extension), and the kind of place it is. */
interface Place {
  file: string;
  kind:
    | { layer: "server"; floor: string }
    | {
        layer:
          | "page"
          | "section"
          | "route-server"
          | "components"
          | "islands"
          | "lib"
          | "content"
          | "emails"
          | "db";
      };
}

const server = (floor: string, file: string): Place => ({
  file: floor === "kernel" ? `app/server/${file}` : `app/server/${floor}/${file}`,
  kind: { layer: "server", floor },
});

const SOURCES: Place[] = [
  { file: "app/routes/fixture.tsx", kind: { layer: "page" } },
  { file: "app/root.tsx", kind: { layer: "page" } },
  { file: "app/routes/account/sections/fixture.tsx", kind: { layer: "section" } },
  { file: "app/routes/account/sections/fixture.server.ts", kind: { layer: "route-server" } },
  { file: "app/routes/api/fixture.ts", kind: { layer: "route-server" } },
  { file: "app/components/fixture.tsx", kind: { layer: "components" } },
  { file: "app/components/ui/fixture.tsx", kind: { layer: "components" } },
  { file: "app/islands/fixture.tsx", kind: { layer: "islands" } },
  { file: "app/lib/fixture.ts", kind: { layer: "lib" } },
  { file: "app/lib/schemas/fixture.ts", kind: { layer: "lib" } },
  { file: "app/content/fixture.ts", kind: { layer: "content" } },
  { file: "app/emails/fixture.tsx", kind: { layer: "emails" } },
  ...SERVER_FLOORS.flat().map((floor) => server(floor, "fixture.server.ts")),
];

const TARGETS: Place[] = [
  ...SERVER_FLOORS.flat().map((floor) => server(floor, "target.server")),
  { file: "app/server/target", kind: { layer: "server", floor: "kernel" } },
  { file: "app/routes/target", kind: { layer: "page" } },
  { file: "app/root", kind: { layer: "page" } },
  { file: "app/components/target", kind: { layer: "components" } },
  { file: "app/islands/target", kind: { layer: "islands" } },
  { file: "app/lib/target", kind: { layer: "lib" } },
  { file: "app/content/target", kind: { layer: "content" } },
  { file: "app/emails/target", kind: { layer: "emails" } },
  { file: "db/schema/target", kind: { layer: "db" } },
  { file: "drizzle-orm", kind: { layer: "db" } },
];

/** The rules in plain words: may `from` import `to`? */
function allowed(from: Place, to: Place): boolean {
  const source = from.kind;
  const target = to.kind;
  const ui = ["page", "components", "islands"].includes(target.layer);
  if (target.layer === "db") return source.layer === "server";
  switch (source.layer) {
    case "server":
      if (target.layer === "server") {
        const [a, b] = [floorOf.get(source.floor), floorOf.get(target.floor)];
        return source.floor === target.floor || (a !== undefined && b !== undefined && b < a);
      }
      if (target.layer === "emails") return source.floor === MAIL_DOOR;
      return !ui && target.layer !== "section";
    case "page":
      return target.layer !== "server" || to.file.endsWith(".server");
    case "section":
      return target.layer !== "server";
    case "components":
    case "islands":
      return !["server", "page", "emails"].includes(target.layer);
    case "lib":
      return target.layer === "lib" || target.layer === "content";
    case "content":
      return target.layer === "content";
    case "emails":
      return !["server", "page", "islands"].includes(target.layer);
    case "route-server":
      return !ui;
    case "db":
      return true; // no fixture lives in db/: the schema is not kept by these rules
  }
}

/** How `from` may name `to`: a package by its name; a module by relative path, and in app/ by alias too. */
function specifiers(from: string, to: string): string[] {
  if (!to.includes("/")) return [to];
  let relativePath = relative(dirname(from), to);
  if (!relativePath.startsWith(".")) relativePath = `./${relativePath}`;
  return to.startsWith("app/") ? [`~/${to.slice("app/".length)}`, relativePath] : [relativePath];
}

function serverFolders(root: string): string[] {
  return readdirSync(join(root, "app/server"), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
}

function lintFixtures(
  root: string,
  overrides: Override[],
): { tried: number; refused: number; problems: string[] } {
  const scratch = mkdtempSync(join(tmpdir(), "layer-rules-"));
  try {
    const expected = new Map<
      string,
      { from: Place; specifier: string; typeOnly: boolean; allowed: boolean }
    >();
    let n = 0;
    for (const from of SOURCES) {
      for (const to of TARGETS) {
        if (to.file === from.file.replace(/\.tsx?$/, "")) continue;
        for (const specifier of specifiers(from.file, to.file)) {
          for (const typeOnly of [false, true]) {
            // Each import in a file of its own, at the same depth, so a diagnostic names one import.
            const file = join(dirname(from.file), `case-${n++}-${from.file.split("/").pop()}`);
            const source = typeOnly
              ? `import type { X } from "${specifier}";\n\nexport type { X };\n`
              : `import { x } from "${specifier}";\n\nexport { x };\n`;
            // app/root.tsx is one file: each of its cases is an app/root.tsx of its own scratch folder.
            const path = from.file === "app/root.tsx" ? join(`root-${n}`, from.file) : file;
            mkdirSync(join(scratch, dirname(path)), { recursive: true });
            writeFileSync(join(scratch, path), source);
            expected.set(path, { from, specifier, typeOnly, allowed: allowed(from, to) });
          }
        }
      }
    }
    const scratchOverrides = overrides.map((override) =>
      override.includes.includes("app/root.tsx")
        ? { ...override, includes: [...override.includes, "root-*/app/root.tsx"] }
        : override,
    );
    writeFileSync(
      join(scratch, "biome.json"),
      JSON.stringify({
        vcs: { enabled: false },
        formatter: { enabled: false },
        assist: { enabled: false },
        linter: { enabled: true, rules: { preset: "none" } },
        overrides: scratchOverrides,
      }),
    );
    const run = spawnSync(
      join(root, "node_modules/.bin/biome"),
      ["lint", "--reporter=json", "--max-diagnostics=none", "."],
      { cwd: scratch, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
    );
    const report = JSON.parse(run.stdout) as {
      diagnostics: { category: string; location: { path: string } }[];
    };
    const refused = new Set(
      report.diagnostics
        .filter((d) => d.category === "lint/style/noRestrictedImports")
        .map((d) => d.location.path.replace(/\\/g, "/")),
    );
    const problems: string[] = [];
    for (const [path, { from, specifier, typeOnly, allowed }] of expected) {
      if (allowed === refused.has(path)) {
        problems.push(
          `${from.file} importing${typeOnly ? " type" : ""} "${specifier}": ${allowed ? "refused, but the rules allow it" : "let through, but the rules forbid it"}`,
        );
      }
    }
    if (expected.size === 0 || refused.size === 0) problems.push("the fixtures were not linted");
    return { tried: expected.size, refused: refused.size, problems };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

function check(root: string): { tried: number; refused: number; problems: string[] } {
  const problems: string[] = [];
  const overrides = layerOverrides();
  const floors = new Set(SERVER_FLOORS.flat());
  for (const folder of serverFolders(root)) {
    if (!floors.has(folder)) {
      problems.push(
        `app/server/${folder} has no floor: give it one in SERVER_FLOORS (scripts/layer-rules.ts)`,
      );
    }
  }
  const written = JSON.parse(readFileSync(join(root, LAYERS_FILE), "utf8")) as { overrides?: unknown };
  if (!isDeepStrictEqual(written.overrides, overrides)) {
    problems.push(
      `${LAYERS_FILE} is not what scripts/layer-rules.ts makes: run node scripts/layer-rules.ts --write`,
    );
  }
  const fixtures = lintFixtures(root, overrides);
  return { ...fixtures, problems: [...problems, ...fixtures.problems] };
}

const root = process.cwd();
if (process.argv.includes("--write")) {
  writeFileSync(join(root, LAYERS_FILE), `${JSON.stringify({ overrides: layerOverrides() }, null, 2)}\n`);
  execFileSync(join(root, "node_modules/.bin/biome"), ["format", "--write", LAYERS_FILE], { cwd: root });
  console.log(`Wrote ${LAYERS_FILE}.`);
} else {
  const { tried, refused, problems } = check(root);
  if (problems.length > 0) {
    console.error(`✗ layer rules:\n${problems.map((p) => `  ${p}`).join("\n")}`);
    process.exit(1);
  }
  console.log(
    `✓ layer rules: biome.layers.json is the table's; of ${tried} imports tried, Biome refused the ${refused} the rules forbid`,
  );
}
