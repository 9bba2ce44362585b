import { indexablePaths, unlistedPaths } from "~/lib/route-table";
import { cloudflareContext } from "~/server/http/request-context.server";
import type { Route } from "./+types/robots";

export function loader({ context }: Route.LoaderArgs) {
  const origin = context.get(cloudflareContext).env.SITE_ORIGIN;
  // A rule is a prefix of the path and query (RFC 9309): "/email" alone would also block "/email-dao", so
  // such a path is disallowed as itself ("$"), with any query ("?") and with what lies beneath it ("/").
  const isPrefixOfAnother = (path: string) =>
    [...unlistedPaths, ...indexablePaths].some((other) => other !== path && other.startsWith(path));
  const rules = unlistedPaths.flatMap((path) =>
    isPrefixOfAnother(path)
      ? [
          `Disallow: ${path}$`,
          `Disallow: ${path}?`,
          ...(indexablePaths.some((other) => other.startsWith(`${path}/`)) ? [] : [`Disallow: ${path}/`]),
        ]
      : [`Disallow: ${path}`],
  );
  const body = [
    "User-agent: *",
    "Allow: /",
    ...rules,
    "",
    `Sitemap: ${new URL("/sitemap.xml", origin)}`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
