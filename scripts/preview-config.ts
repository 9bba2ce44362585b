// The wrangler configuration of one pull request's Preview (`wrangler preview`, decision 180), written as JSON
// next to the build. Its template is the `preview` environment of wrangler.toml, so nothing in it comes from
// the top level (production); its code is the build of that environment (`CLOUDFLARE_ENV=preview npm run
// build`). What the pull request gets of its own: a D1 database, a KV namespace and an audit-witness bucket,
// created by .github/workflows/preview.yml and passed in by id. Every path in it is absolute: a relative
// `migrations_dir` resolves against the folder of the file that names it, and a generated file lives
// elsewhere than wrangler.toml (the trap of decision 180: previews left with empty databases).
//
//   node scripts/preview-config.ts --pr 123 --database-id <uuid> --sessions-id <id> \
//     [--origin https://pull-123-facets-website-preview.<subdomain>.workers.dev] \
//     [--built build/server/wrangler.json] [--out build/server/wrangler.pull-123.json]
//
// Prints the path it wrote. `wrangler preview --config <it>` and `wrangler d1 migrations apply DB --remote
// --config <it>` then read it; the second finds the pull request's database at the top level, the first
// deploys the `previews` block (nothing else in the file binds anything).
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { unstable_readConfig } from "wrangler";

export const ROOT = path.resolve(import.meta.dirname, "..");

/** The marker of a pull request's Preview: DEPLOYMENT in every log line, the jobs route's precondition. */
export const PULL_REQUEST_DEPLOYMENT = /^pull-[1-9][0-9]{0,8}$/;

/** Every name one pull request's Preview uses, from its number alone (so the cleanup job finds them). */
export function pullRequestNames(pr: number) {
  if (!Number.isInteger(pr) || pr < 1 || pr > 999_999_999)
    throw new Error(`Not a pull request number: ${pr}`);
  const preview = `pull-${pr}`;
  return {
    /** The Preview's name (`wrangler preview --name`) and its DEPLOYMENT. */
    preview,
    database: `facets-db-${preview}`,
    sessions: `facets-sessions-${preview}`,
    auditHeads: `facets-audit-heads-${preview}`,
  };
}

export interface PullRequestResources {
  pr: number;
  /** Printed by `wrangler d1 create facets-db-pull-<n>`. */
  databaseId: string;
  /** Printed by `wrangler kv namespace create facets-sessions-pull-<n>`. */
  sessionsId: string;
  /** The Preview's own address; without it, the preview environment's SITE_ORIGIN. */
  origin?: string;
}

/** The parts of a built wrangler.json (build/server/wrangler.json) that carry the Worker's code. */
export interface BuiltWorker {
  name: string;
  main: string;
  compatibility_date?: string;
  compatibility_flags?: string[];
  no_bundle?: boolean;
  rules?: unknown[];
  assets?: { directory?: string } & Record<string, unknown>;
}

/** What this script and its check read of a resolved wrangler configuration. */
export interface Template {
  name: string;
  compatibility_date?: string;
  compatibility_flags: string[];
  observability?: unknown;
  vars: Record<string, unknown>;
  routes?: (string | { pattern: string })[];
  d1_databases: {
    binding: string;
    database_name?: string;
    database_id?: string;
    preview_database_id?: string;
    migrations_dir?: string;
  }[];
  kv_namespaces: { binding: string; id?: string; preview_id?: string }[];
  r2_buckets: { binding: string; bucket_name?: string; preview_bucket_name?: string }[];
  queues: { producers: { queue: string }[]; consumers: { queue: string; dead_letter_queue?: string }[] };
  ratelimits: { name: string; namespace_id: string | number }[];
  send_email: { name: string }[];
  previews?: { d1_databases?: { database_id?: string }[] };
}

/** A wrangler configuration file resolved for one environment (undefined: the top level, production). */
export function readWranglerToml(env?: string, config = path.join(ROOT, "wrangler.toml")): Template {
  return unstable_readConfig({ config, env }) as unknown as Template;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const KV_ID = /^[0-9a-f]{32}$/;

/**
 * The configuration of pull request `resources.pr`'s Preview. `builtDir` is the folder of the built
 * wrangler.json, whose relative `main` and `assets.directory` are made absolute; `migrationsDir` is the
 * branch's migrations (absolute, or relative to the repository).
 */
export function previewConfig(
  template: Template,
  built: BuiltWorker,
  builtDir: string,
  resources: PullRequestResources,
  migrationsDir = template.d1_databases[0]?.migrations_dir ?? "db/migrations",
) {
  const names = pullRequestNames(resources.pr);
  if (!UUID.test(resources.databaseId)) throw new Error(`Not a D1 database id: ${resources.databaseId}`);
  if (!KV_ID.test(resources.sessionsId)) throw new Error(`Not a KV namespace id: ${resources.sessionsId}`);
  if (built.name !== template.name)
    throw new Error(
      `The build is of the Worker "${built.name}", not "${template.name}": build with CLOUDFLARE_ENV=preview first.`,
    );
  const [templateDb] = template.d1_databases;
  const database = {
    binding: templateDb?.binding ?? "DB",
    database_name: names.database,
    database_id: resources.databaseId,
    migrations_dir: path.resolve(ROOT, migrationsDir),
  };
  const [templateKv] = template.kv_namespaces;
  const videos = template.r2_buckets.filter((bucket) => bucket.binding === "VIDEOS");
  const origin = resources.origin ?? String(template.vars.SITE_ORIGIN);
  return {
    name: template.name,
    main: path.resolve(builtDir, built.main),
    compatibility_date: built.compatibility_date ?? template.compatibility_date,
    compatibility_flags: built.compatibility_flags ?? template.compatibility_flags,
    ...(built.no_bundle === undefined ? {} : { no_bundle: built.no_bundle }),
    ...(built.rules === undefined ? {} : { rules: built.rules }),
    ...(built.assets
      ? { assets: { ...built.assets, directory: path.resolve(builtDir, built.assets.directory ?? ".") } }
      : {}),
    observability: template.observability,
    // The top level of this file is no Worker's production: only `d1 migrations apply` reads it, and it
    // must find the pull request's database there (it never reads `previews`).
    d1_databases: [database],
    previews: {
      vars: { ...template.vars, SITE_ORIGIN: origin, DEPLOYMENT: names.preview },
      d1_databases: [database],
      kv_namespaces: [{ binding: templateKv?.binding ?? "SESSIONS", id: resources.sessionsId }],
      // The films are read-only and shared with the long-lived preview; the audit witness is the pull
      // request's own, since its head names entries of its own database.
      r2_buckets: [...videos, { binding: "AUDIT_HEADS", bucket_name: names.auditHeads }],
      ratelimits: template.ratelimits,
      send_email: template.send_email,
      // No MAIL_QUEUE: a Preview consumes no queue (Cloudflare's limitations), and the preview environment's
      // queue is consumed by the long-lived preview Worker against its own database. Events stay in the
      // pull request's outbox for POST /__preview/run-jobs (workers/preview-jobs.ts).
      observability: template.observability,
    },
  };
}

function main() {
  const { values } = parseArgs({
    options: {
      pr: { type: "string" },
      "database-id": { type: "string" },
      "sessions-id": { type: "string" },
      origin: { type: "string" },
      built: { type: "string", default: "build/server/wrangler.json" },
      out: { type: "string" },
    },
  });
  const pr = Number(values.pr);
  const builtPath = path.resolve(values.built);
  if (!existsSync(builtPath))
    throw new Error(`No build at ${builtPath}: run CLOUDFLARE_ENV=preview npm run build.`);
  const built = JSON.parse(readFileSync(builtPath, "utf8")) as BuiltWorker;
  const config = previewConfig(readWranglerToml("preview"), built, path.dirname(builtPath), {
    pr,
    databaseId: values["database-id"] ?? "",
    sessionsId: values["sessions-id"] ?? "",
    origin: values.origin || undefined,
  });
  const out = path.resolve(
    values.out ?? path.join(path.dirname(builtPath), `wrangler.${pullRequestNames(pr).preview}.json`),
  );
  writeFileSync(out, `${JSON.stringify(config, null, 2)}\n`);
  console.log(out);
}

if (import.meta.main) main();
