import { externalLinks } from "~/content/external-links";
import { SITE_NAME } from "./seo";

// The home page's schema.org description of the organisation: a module of its own, so the pages that
// only take their meta tags from seo.ts do not carry the site's links into the browser.

/** The organisation, as schema.org JSON-LD for the home page. */
export function organisationJsonLd(origin: string) {
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: "FACETS DAO",
    alternateName: SITE_NAME,
    url: new URL("/", origin).toString(),
    logo: new URL("/favicon.svg", origin).toString(),
    email: externalLinks.contactEmail,
    description: "A DAO offering AI and blockchain-native insurance and finance products on Solana.",
    sameAs: externalLinks.social.map((profile) => profile.href),
  };
}
