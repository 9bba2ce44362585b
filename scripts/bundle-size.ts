// Proves the built Worker bundles for upload and weighs it: runs `wrangler deploy --dry-run` on the
// last `npm run build` (wrangler follows .wrangler/deploy/config.json to build/server/wrangler.json,
// offline, no account needed), reads its "Total Upload: X KiB / gzip: Y KiB" line, writes
// reports/bundle-size.json and fails when the gzipped Worker exceeds the Workers Free plan's 3 MiB.
// Extra arguments are passed on to wrangler.
import { spawnSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";

const GZIP_LIMIT_BYTES = 3 * 1024 * 1024;
const KIB = 1024;

const root = path.resolve(import.meta.dirname, "..");
const outdir = path.join(root, ".wrangler", "dry-run");
const reportPath = path.join(root, "reports", "bundle-size.json");

const deployConfig = path.join(root, ".wrangler", "deploy", "config.json");
const builtConfig = existsSync(deployConfig)
  ? path.resolve(
      path.dirname(deployConfig),
      (JSON.parse(readFileSync(deployConfig, "utf8")) as { configPath: string }).configPath,
    )
  : undefined;
if (!builtConfig || !existsSync(builtConfig)) {
  console.error("✗ No build to measure: run `npm run build` first.");
  process.exit(1);
}

rmSync(outdir, { recursive: true, force: true });
const outputDir = mkdtempSync(path.join(tmpdir(), "bundle-size-"));
const outputFile = path.join(outputDir, "wrangler-output.ndjson");
const run = spawnSync(
  "npx",
  [
    "--no-install",
    "wrangler",
    "deploy",
    "--dry-run",
    "--outdir",
    path.relative(root, outdir),
    ...process.argv.slice(2),
  ],
  {
    cwd: root,
    encoding: "utf8",
    env: {
      ...process.env,
      FORCE_COLOR: "0",
      WRANGLER_SEND_METRICS: "false",
      WRANGLER_OUTPUT_FILE_PATH: outputFile,
    },
  },
);
const output = `${run.stdout ?? ""}${run.stderr ?? ""}`;
if (run.status !== 0) {
  console.error(output);
  console.error(`✗ wrangler deploy --dry-run failed (exit ${run.status ?? run.signal}).`);
  process.exit(run.status ?? 1);
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: strips ANSI colour codes.
const plain = output.replace(/\u001b\[[0-9;]*m/g, "");
const total = plain.match(/Total Upload:\s*([\d.]+)\s*KiB\s*\/\s*gzip:\s*([\d.]+)\s*KiB/);
if (!total?.[1] || !total[2]) {
  console.error(plain);
  console.error('✗ wrangler printed no "Total Upload: X KiB / gzip: Y KiB" line.');
  process.exit(1);
}
const uploadKiB = Number(total[1]);
const gzipKiB = Number(total[2]);

/** Exact byte counts from wrangler's machine-readable output, when it wrote them. */
function exactSizes(): { raw_bytes: number; gzip_bytes: number } | undefined {
  if (!existsSync(outputFile)) return undefined;
  const entries = readFileSync(outputFile, "utf8")
    .split("\n")
    .filter(Boolean)
    .map(
      (line) =>
        JSON.parse(line) as { type?: string; bundle_size?: { raw_bytes: number; gzip_bytes: number } },
    );
  return entries.findLast((entry) => entry.type === "deploy")?.bundle_size;
}
const exact = exactSizes();
rmSync(outputDir, { recursive: true, force: true });
const gzipBytes = exact?.gzip_bytes ?? Math.round(gzipKiB * KIB);

/** The modules wrangler would upload, heaviest first. */
function modules(dir: string): { path: string; bytes: number; gzipBytes: number }[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(m?js|wasm)$/.test(entry.name))
    .map((entry) => {
      const file = path.join(entry.parentPath, entry.name);
      const content = readFileSync(file);
      return {
        path: path.relative(dir, file),
        bytes: content.byteLength,
        gzipBytes: gzipSync(content).byteLength,
      };
    })
    .sort((a, b) => b.bytes - a.bytes);
}

const report = {
  measuredAt: new Date().toISOString(),
  command: `wrangler deploy --dry-run --outdir ${path.relative(root, outdir)}`,
  uploadKiB,
  gzipKiB,
  rawBytes: exact?.raw_bytes ?? Math.round(uploadKiB * KIB),
  gzipBytes,
  gzipLimitBytes: GZIP_LIMIT_BYTES,
  withinLimit: gzipBytes <= GZIP_LIMIT_BYTES,
  modules: modules(outdir),
};
mkdirSync(path.dirname(reportPath), { recursive: true });
writeFileSync(reportPath, `${JSON.stringify(report, null, 2)}\n`);

console.log(JSON.stringify(report, null, 2));
const share = ((gzipBytes / GZIP_LIMIT_BYTES) * 100).toFixed(1);
if (!report.withinLimit) {
  console.error(
    `✗ Worker bundle: ${gzipKiB} KiB gzip is over the 3 MiB limit of the Workers Free plan (${share}%).`,
  );
  process.exit(1);
}
console.log(
  `✓ Worker bundle: ${uploadKiB} KiB, ${gzipKiB} KiB gzip (${share}% of 3 MiB); report in ${path.relative(root, reportPath)}`,
);
