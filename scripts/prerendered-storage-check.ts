// A prerendered page is rendered once, at build time: a storage read in its module would freeze build-time
// data into the page for good. The build (react-router.config.ts) refuses such a route, naming it.
// Pure functions of a module's source, so the workerd tests can check them too.

/** What reaches D1, KV or R2 from a route module: the domain, the bindings, the session. */
const STORAGE_READS: { pattern: RegExp; what: string }[] = [
  {
    pattern: /from\s+["']~\/server\/(?!(?:http\/)?request-context\.server["'])[^"']+["']/,
    what: "imports the domain (~/server/…)",
  },
  { pattern: /\bdepsOf\s*\(/, what: "calls depsOf (D1, KV, R2)" },
  { pattern: /\bsessionContext\b/, what: "reads the session (KV)" },
  {
    pattern: /\benv\s*\.\s*(DB|SESSIONS|VIDEOS)\b/,
    what: "reads a storage binding (env.DB, env.SESSIONS or env.VIDEOS)",
  },
  { pattern: /["']cloudflare:workers["']/, what: "imports cloudflare:workers (the bindings)" },
];

/** Each way this module's source reaches storage, described. */
export function storageReadsIn(source: string): string[] {
  return STORAGE_READS.filter(({ pattern }) => pattern.test(source)).map(({ what }) => what);
}

/** The refusal for a prerendered route whose module reaches storage, or null. */
export function prerenderedStorageRefusal(path: string, module: string, source: string): string | null {
  const reads = storageReadsIn(source);
  if (reads.length === 0) return null;
  return `Route ${path} (app/${module}) is prerendered, but its module ${reads.join(", ")}: a prerendered page is built once, so it would serve build-time data for good. Give it rendering: "per-request" in app/lib/route-table.ts, or take the read out.`;
}
