// The second landing variant (spec section 1): the insurance-focused hero over the home page's sections.

export const homeExperiment = {
  tagline: "Insurance Reinvented. Wealth Reimagined.",
  description:
    "FACETS reinvents insurance and reimagines wealth: a community-owned DAO building AI and blockchain-native insurance and finance products on Solana.",
} as const;
