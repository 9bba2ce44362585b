import { FacetsGoldLogo } from "~/components/facets-gold-logo";
import { facetsGoldLogoPage as page } from "~/content/facets-gold-logo";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/facets-gold-logo";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: page.title,
    description: page.description,
    path: "/facets-gold-logo",
    origin: matches[0].loaderData.origin,
    noindex: true,
  });
}

export default function FacetsGoldLogoPage() {
  return (
    <div className="flex min-h-[70vh] items-center justify-center px-4 py-16">
      <h1 className="sr-only">{page.title}</h1>
      <FacetsGoldLogo className="h-auto w-full max-w-xs sm:max-w-sm" />
    </div>
  );
}
