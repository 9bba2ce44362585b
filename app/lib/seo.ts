import type { MetaDescriptor } from "react-router";

export const SITE_NAME = "FACETS";

interface PageMetaInput {
  title: string;
  description: string;
  /** The path of the page, for its canonical URL. */
  path: string;
  /** The site's public origin (configuration: SITE_ORIGIN), from the root loader. */
  origin: string;
  noindex?: boolean;
}

/** Title, description, canonical URL, robots, Open Graph and Twitter tags of one page. */
export function pageMeta({ title, description, path, origin, noindex }: PageMetaInput): MetaDescriptor[] {
  const fullTitle = path === "/" ? `${SITE_NAME}: ${title}` : `${title} | ${SITE_NAME}`;
  const url = new URL(path, origin).toString();
  const image = new URL("/og-image.png", origin).toString();
  return [
    { title: fullTitle },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    ...(noindex ? [{ name: "robots", content: "noindex, nofollow" }] : []),
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:image:width", content: "1200" },
    { property: "og:image:height", content: "630" },
    { property: "og:image:alt", content: "FACETS: Insurance Reinvented. Finance Reimagined." },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: fullTitle },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
  ];
}
