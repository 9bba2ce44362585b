// `npm run preview:check`, a step of `npm test`: what a pull request's Preview is given, proved offline
// (decision 180). The configuration scripts/preview-config.ts writes names nothing of production's and
// finds its migrations from anywhere; and two branches whose migrations cannot both run on one database
// each migrate a clean database of their own, through wrangler itself (`d1 migrations apply --local`, the
// command the workflow runs with --remote). Spawns wrangler three times, a few seconds each.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, describe, it } from "node:test";
import {
  type BuiltWorker,
  PULL_REQUEST_DEPLOYMENT,
  previewConfig,
  pullRequestNames,
  ROOT,
  readWranglerToml,
} from "./preview-config.ts";

const work = mkdtempSync(path.join(tmpdir(), "preview-check-"));
after(() => rmSync(work, { recursive: true, force: true }));

/** Where the generated files sit: a build folder two levels below a root that is not the repository. */
const builtDir = path.join(work, "build", "server");
mkdirSync(builtDir, { recursive: true });
const built: BuiltWorker = {
  name: "facets-website-preview",
  main: "index.js",
  no_bundle: true,
  rules: [{ type: "ESModule", globs: ["**/*.js"] }],
  assets: { directory: "../client", binding: "ASSETS", not_found_handling: "none" },
};
const template = readWranglerToml("preview");
const production = readWranglerToml();

function resources(pr: number) {
  const n = String(pr).padStart(12, "0");
  return { pr, databaseId: `aaaaaaaa-bbbb-4ccc-8ddd-${n}`, sessionsId: `${"c".repeat(20)}${n}` };
}

/** Every identifier production binds, its name and its address: none may appear in a Preview's file. */
function productionIdentifiers(): Set<string> {
  const ids = [
    production.name,
    String(production.vars.SITE_ORIGIN),
    ...production.d1_databases.flatMap((db) => [db.database_id, db.database_name, db.preview_database_id]),
    ...production.kv_namespaces.flatMap((kv) => [kv.id, kv.preview_id]),
    ...production.r2_buckets.flatMap((bucket) => [bucket.bucket_name, bucket.preview_bucket_name]),
    ...production.queues.producers.map((producer) => producer.queue),
    ...production.queues.consumers.flatMap((consumer) => [consumer.queue, consumer.dead_letter_queue]),
    ...production.ratelimits.map((limit) => String(limit.namespace_id)),
    ...(production.routes ?? []).map((route) => (typeof route === "string" ? route : route.pattern)),
  ];
  return new Set(ids.filter((id): id is string => typeof id === "string" && id !== ""));
}

/** Every string and number in a JSON tree, with its path. */
function leaves(value: unknown, at = "$"): [string, string][] {
  if (typeof value === "string" || typeof value === "number") return [[at, String(value)]];
  if (Array.isArray(value)) return value.flatMap((item, index) => leaves(item, `${at}[${index}]`));
  if (value && typeof value === "object")
    return Object.entries(value).flatMap(([key, item]) => leaves(item, `${at}.${key}`));
  return [];
}

function write(config: object, file: string): string {
  const out = path.join(builtDir, file);
  writeFileSync(out, JSON.stringify(config, null, 2));
  return out;
}

describe("a pull request's Preview configuration", () => {
  const config = previewConfig(template, built, builtDir, resources(123));

  it("names no production binding, id, Worker or address anywhere", () => {
    const forbidden = productionIdentifiers();
    assert.ok(forbidden.has("facets-db") && forbidden.has("00000000-0000-0000-0000-000000000000"));
    const found = leaves(config).filter(([, value]) => forbidden.has(value));
    assert.deepEqual(
      found,
      [],
      `production identifiers in the Preview's configuration: ${JSON.stringify(found)}`,
    );
  });

  it("binds the pull request's own database, sessions and audit witness", () => {
    const names = pullRequestNames(123);
    assert.equal(config.previews.d1_databases[0]?.database_name, names.database);
    assert.equal(config.previews.d1_databases[0]?.database_id, resources(123).databaseId);
    assert.deepEqual(config.d1_databases, config.previews.d1_databases);
    assert.equal(config.previews.kv_namespaces[0]?.id, resources(123).sessionsId);
    assert.ok(
      config.previews.r2_buckets.some(
        (b) => b.binding === "AUDIT_HEADS" && b.bucket_name === names.auditHeads,
      ),
    );
    assert.ok(!("queues" in config.previews), "a Preview has no queue: its mail waits for the jobs route");
    assert.equal(config.previews.vars.DEPLOYMENT, "pull-123");
    assert.match(config.previews.vars.DEPLOYMENT, PULL_REQUEST_DEPLOYMENT);
  });

  it("gives every path absolute, and its migrations exist", () => {
    for (const db of [...config.d1_databases, ...config.previews.d1_databases]) {
      assert.ok(path.isAbsolute(db.migrations_dir), db.migrations_dir);
      assert.ok(readdirSync(db.migrations_dir).some((file) => file.endsWith(".sql")));
      assert.equal(db.migrations_dir, path.join(ROOT, "db", "migrations"));
    }
    assert.ok(path.isAbsolute(config.main) && path.isAbsolute(config.assets?.directory ?? ""));
  });

  it("is read by wrangler as written, wherever the file sits", () => {
    const read = readWranglerToml(undefined, write(config, "wrangler.pull-123.json"));
    assert.equal(read.d1_databases[0]?.migrations_dir, config.d1_databases[0]?.migrations_dir);
    assert.equal(read.previews?.d1_databases?.[0]?.database_id, resources(123).databaseId);
    assert.equal(read.name, "facets-website-preview");
  });

  it("differs per pull request in every name", () => {
    const one = pullRequestNames(1);
    const two = pullRequestNames(2);
    for (const key of Object.keys(one) as (keyof typeof one)[]) assert.notEqual(one[key], two[key]);
    assert.notEqual(
      previewConfig(template, built, builtDir, resources(2)).previews.vars.DEPLOYMENT,
      "pull-1",
    );
  });

  it("refuses a production build, and ids that are not ids", () => {
    assert.throws(
      () => previewConfig(template, { ...built, name: "facets-website" }, builtDir, resources(1)),
      /CLOUDFLARE_ENV=preview/,
    );
    assert.throws(
      () => previewConfig(template, built, builtDir, { ...resources(1), databaseId: "facets-db" }),
      /D1/,
    );
    assert.throws(() => pullRequestNames(0));
  });
});

describe("the preview workflow", () => {
  const workflow = readFileSync(path.join(ROOT, ".github", "workflows", "preview.yml"), "utf8");
  const names = pullRequestNames(1);
  const expression = ["$", "{{ github.event.pull_request.number }}"].join("");

  it("names the resources as the configuration does", () => {
    for (const [key, name] of [
      ["PREVIEW_NAME", names.preview],
      ["DATABASE_NAME", names.database],
      ["SESSIONS_TITLE", names.sessions],
      ["AUDIT_HEADS_BUCKET", names.auditHeads],
    ] as const)
      assert.ok(workflow.includes(`${key}: ${name.replace(/1$/, expression)}`), key);
    assert.ok(workflow.includes(`PARENT_WORKER: ${template.name}`));
  });

  it("migrates and deploys with the generated file only, and deletes on close", () => {
    assert.match(workflow, /wrangler d1 migrations apply DB --remote --config "\$CONFIG"/);
    assert.match(workflow, /wrangler preview --config "\$CONFIG" --name "\$PREVIEW_NAME"/);
    assert.match(workflow, /--ignore-base-config --secrets-file/);
    assert.match(workflow, /wrangler preview delete --name "\$PREVIEW_NAME" --worker-name "\$PARENT_WORKER"/);
    assert.match(workflow, /wrangler d1 delete "\$DATABASE_NAME"/);
    assert.doesNotMatch(workflow, /versions upload|--env preview|wrangler deploy/);
  });
});

/** `wrangler d1 migrations apply DB --local` with a configuration, into its own local state. */
function migrate(config: string, state: string): Promise<{ ok: boolean; output: string }> {
  const wrangler = path.join(ROOT, "node_modules", "wrangler", "bin", "wrangler.js");
  const args = ["d1", "migrations", "apply", "DB", "--local", "--config", config, "--persist-to", state];
  // Outside the repository, so nothing but --config tells wrangler where the migrations are.
  const child = spawn(process.execPath, [wrangler, ...args], {
    cwd: work,
    env: { ...process.env, CI: "1", WRANGLER_SEND_METRICS: "false", NO_COLOR: "1" },
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk));
  return new Promise((resolve) => child.on("close", (code) => resolve({ ok: code === 0, output })));
}

/** A branch: the repository's migrations and one of its own, in a folder outside the repository. */
function branch(name: string, migration: string): string {
  const dir = path.join(work, name, "migrations");
  cpSync(path.join(ROOT, "db", "migrations"), dir, { recursive: true });
  writeFileSync(path.join(dir, `0900_${name}_nickname.sql`), migration);
  return dir;
}

// `--config-only` (the step of `npm test`) leaves out what spawns wrangler: about 20 s on a quiet machine.
const configOnly =
  process.argv.includes("--config-only") && "run without --config-only (npm run preview:check)";

describe("two branches with incompatible migrations", { skip: configOnly }, () => {
  const a = branch("branch-a", "ALTER TABLE `users` ADD `nickname` text;\n");
  const b = branch("branch-b", "ALTER TABLE `users` ADD `nickname` integer DEFAULT 0 NOT NULL;\n");
  const configA = write(previewConfig(template, built, builtDir, resources(41), a), "wrangler.pull-41.json");
  const configB = write(previewConfig(template, built, builtDir, resources(42), b), "wrangler.pull-42.json");

  it("each migrate a clean database of their own", async () => {
    const [first, second] = await Promise.all([
      migrate(configA, path.join(work, "state-41")),
      migrate(configB, path.join(work, "state-42")),
    ]);
    assert.ok(first.ok, first.output);
    assert.match(first.output, /0900_branch-a_nickname\.sql/);
    assert.ok(second.ok, second.output);
    assert.match(second.output, /0900_branch-b_nickname\.sql/);
  });

  it("could not share one, as every pull request did before", async () => {
    // What every pull request had before: one database (the same id), whatever the branch's migrations.
    const sharedB = previewConfig(template, built, builtDir, { ...resources(41), pr: 42 }, b);
    const shared = await migrate(write(sharedB, "wrangler.shared.json"), path.join(work, "state-41"));
    assert.ok(!shared.ok, `branch B's migration ran on branch A's database:\n${shared.output}`);
    assert.match(shared.output, /duplicate column name: nickname/);
  });
});
