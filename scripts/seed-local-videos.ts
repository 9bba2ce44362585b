// Puts the two committed sample films (db/seed/videos/, made by scripts/make-sample-videos.sh) into
// local R2 under the keys wrangler.toml configures, so /workzone and /facetsre play on a fresh clone.
import { readFileSync } from "node:fs";
import { VIDEO_KEY_VARIABLES, type VideoName } from "../app/lib/video-names.ts";
import { LOCAL_STATE, wrangler } from "./local-state.ts";

export const SAMPLE_FILMS_DIR = "db/seed/videos";

/**
 * The VIDEOS bucket name and each film's object key, read from wrangler.toml (the top level, or
 * `[env.<name>]` when an environment is given). Only the plain `KEY = "string"` lines it needs are read.
 */
export function videoStorageConfig(environment?: string): {
  bucket: string;
  keys: Record<VideoName, string>;
} {
  const prefix = environment ? `env.${environment}.` : "";
  const tables = new Map<string, Record<string, string>[]>();
  let current: Record<string, string> = {};
  for (const line of readFileSync("wrangler.toml", "utf8").split("\n")) {
    const header = /^\s*\[\[?([^\]]+)\]\]?\s*(?:#.*)?$/.exec(line);
    if (header?.[1]) {
      current = {};
      const name = header[1].trim();
      tables.set(name, [...(tables.get(name) ?? []), current]);
      continue;
    }
    const pair = /^\s*([A-Za-z0-9_-]+)\s*=\s*"([^"]*)"/.exec(line);
    if (pair?.[1] && pair[2] !== undefined) current[pair[1]] = pair[2];
  }
  const vars = tables.get(`${prefix}vars`)?.[0] ?? {};
  const bucket = tables.get(`${prefix}r2_buckets`)?.find((table) => table.binding === "VIDEOS")?.bucket_name;
  if (!bucket) throw new Error(`wrangler.toml has no VIDEOS bucket in [[${prefix}r2_buckets]]`);
  const keys = {} as Record<VideoName, string>;
  for (const [name, variable] of Object.entries(VIDEO_KEY_VARIABLES) as [VideoName, string][]) {
    const key = vars[variable];
    if (!key) throw new Error(`wrangler.toml has no ${variable} in [${prefix}vars]`);
    keys[name] = key;
  }
  return { bucket, keys };
}

export function seedLocalVideos(): void {
  const { bucket, keys } = videoStorageConfig();
  for (const [name, key] of Object.entries(keys)) {
    wrangler(
      [
        "r2",
        "object",
        "put",
        `${bucket}/${key}`,
        "--local",
        "--persist-to",
        LOCAL_STATE,
        "--file",
        `${SAMPLE_FILMS_DIR}/${name}.mp4`,
        "--content-type",
        "video/mp4",
      ],
      { quiet: true },
    );
  }
}
