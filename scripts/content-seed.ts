// Writes db/migrations/0027_content_seed.sql: the first revision and published version of every kind of
// editable content, the spec's figures as app/lib/content-kinds declares them (the seed). Run it with
// `npx tsx scripts/content-seed.ts` after a kind is added; tests/domain/content-seed.test.ts holds the
// migrated rows to the seeds, so a seed changed without it fails there.

import { writeFileSync } from "node:fs";
import { CONTENT_KINDS } from "../app/lib/content-kinds/index";

const quote = (text: string) => `'${text.replaceAll("'", "''")}'`;

export function contentSeedSql(kinds: Record<string, { seed: unknown }>): string {
  const lines = ["-- The first revision and published version of each document: the spec's figures."];
  for (const [name, kind] of Object.entries(kinds)) {
    const data = quote(JSON.stringify(kind.seed));
    lines.push(
      `INSERT INTO content_revisions (name, revision, data, saved_by, saved_at) VALUES (${quote(name)}, 1, ${data}, NULL, 0);`,
      "--> statement-breakpoint",
      `INSERT INTO content_versions (name, version, revision, data, publish_at, published_by, created_at) VALUES (${quote(name)}, 1, 1, ${data}, 0, NULL, 0);`,
      "--> statement-breakpoint",
    );
  }
  return `${lines.join("\n")}\n`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const file = new URL("../db/migrations/0027_content_seed.sql", import.meta.url);
  writeFileSync(file, contentSeedSql(CONTENT_KINDS));
  console.log(`Wrote ${file.pathname}`);
}
