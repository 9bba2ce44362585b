// The reinsurance pitch (spec sections 2 and 9): industry $7T; reinsurers at least 10% ($700B);
// zones of 90% ($6.3T) and 100% ($7T).

export interface MarketZone {
  /** Share of the whole insurance industry, in per cent. */
  percent: number;
  value: string;
  title: string;
  body: string;
}

export const facetsrePage = {
  eyebrow: "FACETS RE",
  title: "Reinsurance Reinvented",
  lead: "The insurance industry is worth about $7 trillion. Reinsurers hold at least 10% of it. FACETS RE brings DAO-owned, blockchain-native reinsurance to the whole market.",
  statistics: [
    { value: "$7T", label: "Insurance industry overall" },
    { value: "$4T", label: "Non-life insurance" },
    { value: "$3T", label: "Life insurance" },
  ],
  market: {
    title: "The market",
    lead: "About $7 trillion overall: $4T non-life and $3T life. At least 10% of it, $700B, is carried by reinsurers.",
    chartLabel: "The $7T insurance industry, by who carries the risk",
    parts: [
      {
        percent: 10,
        value: "$700B",
        title: "Reinsurers: at least 10%",
        body: "At least 10% of the industry, about $700B, is carried by reinsurers today.",
      },
      {
        percent: 90,
        value: "$6.3T",
        title: "The other 90%",
        body: "The rest of the industry, $6.3T, outside the reinsurers' share.",
      },
    ],
  },
  zones: {
    title: "Our zones",
    lead: "FACETS RE addresses the market in two zones.",
    wholeLabel: "the $7T industry",
    items: [
      {
        percent: 90,
        value: "$6.3T",
        title: "Zone of 90%",
        body: "The 90% of the industry outside the reinsurers' share: $6.3T of premiums for DAO-owned capacity to back.",
      },
      {
        percent: 100,
        value: "$7T",
        title: "Zone of 100%",
        body: "The whole $7T industry, non-life and life, open to DAO-owned reinsurance capacity.",
      },
    ],
  },
  video: {
    title: "Watch the pitch",
    lead: "The FACETS RE pitch, in a short film.",
  },
  callToAction: {
    title: "Partner with FACETS RE",
    lead: "Insurers, reinsurers and capital partners can reach the team through the contact form.",
    action: { label: "Contact FACETS RE", to: "/contact?subject=FACETS%20RE" },
  },
} as const;
