// Which pages search engines may list. The sitemap lists the first; robots.txt disallows the second.

/** Public content routes, in the order the sitemap lists them. */
export const indexablePaths = [
  "/",
  "/insure",
  "/gold",
  "/capital",
  "/africa",
  "/mobile1",
  "/facets-token",
  "/ip-token",
  "/lab-tokens",
  "/leadership",
  "/engineering",
  "/media",
  "/pilots-demos",
  "/motorclub",
  "/propertyclub",
  "/funeral",
  "/facetsre",
  "/contact",
  "/privacy",
] as const;

/** Pages that say noindex, and the private areas. */
export const unlistedPaths = [
  "/admin",
  "/account",
  "/login",
  "/api/",
  "/workzone",
  "/home-experiment",
  "/facets-gold-logo",
  "/email-dao",
  "/email-dao-simple",
  "/email",
  "/email-image",
] as const;

/**
 * Pages that opt into the browser runtime (`handle = { hydrate: true }`): they carry forms or the
 * dashboard, so they are rendered for every request and never prerendered.
 */
export const interactivePaths = ["/contact", "/login", "/admin"] as const;

/** Pages only for signed-in people: rendered for every request from the session, never prerendered. */
export const signedInPaths = ["/account"] as const;

/**
 * Every other page is built once (`prerender` in react-router.config.ts) and served from memory to
 * requests that carry no cookie of ours (docs/architecture.md, "Content pages are built once").
 * /ip-token is one of them: its only per-request input is `?play=`, and a request with a query
 * string is always rendered.
 */
export const prerenderedPaths: readonly string[] = [...indexablePaths, ...unlistedPaths].filter(
  (path) =>
    !(interactivePaths as readonly string[]).includes(path) &&
    !(signedInPaths as readonly string[]).includes(path) &&
    !path.startsWith("/api/"),
);
