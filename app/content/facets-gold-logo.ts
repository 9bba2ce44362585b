// The logo-only page (spec section 2: /facets-gold-logo).

export const facetsGoldLogoPage = {
  title: "FACETS Gold logo",
  description: "The FACETS Gold logo: the FACETS gem mark in gold with the words FACETS GOLD.",
} as const;
