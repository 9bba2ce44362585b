// Every outbound address the site uses that the spec does not give, in one place,
// so the owner can correct them without touching components.

export const externalLinks = {
  contactEmail: "info@facets.example",
  tokenExplorer: "https://explorer.solana.com/",
  insuranceProductSite: "https://insure.facets.example",
  // YouTube id of the IP-token film on /ip-token (placeholder until the owner publishes the film);
  // played only from https://www.youtube-nocookie.com, and only after the visitor asks.
  ipTokenVideo: "FACETSipTkn",
  social: [
    { name: "X (Twitter)", href: "https://x.com/facetsdao" },
    { name: "LinkedIn", href: "https://www.linkedin.com/company/facets-dao" },
    { name: "Telegram", href: "https://t.me/facetsdao" },
    { name: "YouTube", href: "https://www.youtube.com/@facetsdao" },
  ],
} as const;
