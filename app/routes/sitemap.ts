import { indexablePaths } from "~/lib/route-table";
import { cloudflareContext } from "~/server/http/request-context.server";
import type { Route } from "./+types/sitemap";

export function loader({ context }: Route.LoaderArgs) {
  const origin = context.get(cloudflareContext).env.SITE_ORIGIN;
  const urls = indexablePaths
    .map((path) => `  <url><loc>${new URL(path, origin).toString()}</loc></url>`)
    .join("\n");
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
