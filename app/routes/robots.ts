import { indexablePaths, unlistedPaths } from "~/lib/route-table";
import { cloudflareContext } from "~/server/http/request-context.server";
import type { Route } from "./+types/robots";

export function loader({ context }: Route.LoaderArgs) {
  const origin = context.get(cloudflareContext).env.SITE_ORIGIN;
  // A rule is a prefix: "/email" alone would also block "/email-dao", so such a path is pinned with "$".
  const isPrefixOfAnother = (path: string) =>
    [...unlistedPaths, ...indexablePaths].some((other) => other !== path && other.startsWith(path));
  const rules = unlistedPaths.map((path) => `Disallow: ${path}${isPrefixOfAnother(path) ? "$" : ""}`);
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
