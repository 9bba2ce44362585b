/**
 * The films GET /api/video/:name serves, each with the wrangler.toml variable that holds its R2 object
 * key. The keys themselves are configuration ([vars] in wrangler.toml); the Worker and the seeding and
 * upload scripts all read them through this one map. No imports, so Node scripts can load it as is.
 */
export const VIDEO_KEY_VARIABLES = {
  workzone: "VIDEO_KEY_WORKZONE",
  "facetsre-test": "VIDEO_KEY_FACETSRE",
} as const;

export type VideoName = keyof typeof VIDEO_KEY_VARIABLES;

export function isVideoName(name: string): name is VideoName {
  return Object.hasOwn(VIDEO_KEY_VARIABLES, name);
}
