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
] as const;

/** Pages that say noindex, and the private areas. */
export const unlistedPaths = [
  "/admin",
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
