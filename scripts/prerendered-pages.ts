// Build step (react-router.config.ts `buildEnd`): React Router has written each prerendered page to
// build/client/<path>/index.html. This moves every document out of the public paths into
// build/client/_prerendered/, where only the Worker serves it (wrangler.toml runs the Worker first
// there), removes the build-time CSP nonce, checks the page ships no script, compresses it once (brotli
// and gzip, so no request pays for compression), and writes the manifest the Worker reads: each page's
// ETag and the sha256 of its inline stylesheet.
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, rmdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import {
  CONTENT_CODINGS,
  type ContentCoding,
  PRERENDERED_DIR,
  PRERENDERED_MANIFEST_PATH,
  type PrerenderedManifest,
  prerenderedFolder,
  withoutNonces,
} from "../app/server/delivery/prerendered-manifest.ts";

const sha256 = (content: string) => createHash("sha256").update(content, "utf8");

/** Scripts that would run: anything but JSON-LD data blocks. A prerendered page must have none. */
export function executableScripts(html: string): string[] {
  return [...html.matchAll(/<script\b[^>]*>/g)]
    .map((match) => match[0])
    .filter((tag) => !/\btype="application\/ld\+json"/.test(tag));
}

export function inlineStyleHashes(html: string): string[] {
  return [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].map((match) =>
    sha256(match[1] ?? "").digest("base64"),
  );
}

const compress: Record<ContentCoding, (html: Buffer) => Buffer> = {
  br: (html) =>
    brotliCompressSync(html, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: html.byteLength,
      },
    }),
  gzip: (html) => gzipSync(html, { level: constants.Z_BEST_COMPRESSION }),
};
const SUFFIX: Record<ContentCoding, string> = { br: ".br", gzip: ".gz" };

function removeIfEmpty(dir: string, stop: string) {
  for (
    let current = dir;
    current !== stop && readdirSync(current).length === 0;
    current = path.dirname(current)
  ) {
    rmdirSync(current);
  }
}

export function publishPrerenderedPages(buildDirectory: string, paths: readonly string[]): void {
  const client = path.resolve(buildDirectory, "client");
  const wranglerJson = JSON.parse(
    readFileSync(path.resolve(buildDirectory, "server", "wrangler.json"), "utf8"),
  );
  const origin: unknown = wranglerJson.vars?.SITE_ORIGIN;
  if (typeof origin !== "string")
    throw new Error("prerender: SITE_ORIGIN missing from build/server/wrangler.json");

  rmSync(path.join(client, PRERENDERED_DIR), { recursive: true, force: true });
  const manifest: PrerenderedManifest = { origin, pages: {} };
  for (const page of paths) {
    const source = path.join(client, page, "index.html");
    const html = withoutNonces(readFileSync(source, "utf8"));
    const scripts = executableScripts(html);
    if (scripts.length > 0) {
      throw new Error(
        `prerender: ${page} ships a script (${scripts[0]}); hydrated pages are rendered per request`,
      );
    }
    const asset = prerenderedFolder(page);
    mkdirSync(path.join(client, asset), { recursive: true });
    writeFileSync(path.join(client, asset, "index.html"), html);
    const encoded = {} as Record<ContentCoding, string>;
    for (const coding of CONTENT_CODINGS) {
      encoded[coding] = `${asset}index.html${SUFFIX[coding]}`;
      writeFileSync(path.join(client, encoded[coding]), compress[coding](Buffer.from(html, "utf8")));
    }
    rmSync(source);
    removeIfEmpty(path.dirname(source), client);
    // The client-navigation data React Router wrote beside it would be served to signed-in people too.
    rmSync(path.join(client, page === "/" ? "_.data" : `${page}.data`), { force: true });
    manifest.pages[page] = {
      asset,
      encoded,
      etag: `"${sha256(html).digest("base64url")}"`,
      styleHashes: inlineStyleHashes(html),
    };
  }
  writeFileSync(path.join(client, PRERENDERED_MANIFEST_PATH), `${JSON.stringify(manifest, null, 2)}\n`);
  console.log(`Prerendered ${paths.length} pages into build/client/${PRERENDERED_DIR} (origin ${origin}).`);
}
