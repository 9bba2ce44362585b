// The private viewing page (spec section 2: /workzone), not linked from navigation.

export const workzonePage = {
  eyebrow: "Private viewing",
  title: "Workzone",
  lead: "A private screening for FACETS partners and team members. Please do not share this address.",
  video: {
    title: "The film",
    lead: "Play the film below; it streams from FACETS' own storage.",
  },
} as const;
