// The FACETS (DAO) token: supply, tranches, release votes and how to buy (spec sections 1, 4 and 9).
// The tranche figures are the spec's table of section 9, exactly; a test checks that the tokens sum to
// the maximum supply, the percentages to 100 and each cumulative figure to the running sum.

export const MAX_SUPPLY = 21_000_000;

export type TrancheStatus = "allocated" | "available" | "planned";

export interface Tranche {
  /** The label of the spec's table: "T1" to "T7". */
  label: string;
  tokens: number;
  /** Share of the maximum supply, in percent. */
  percentOfSupply: number;
  /** Price per token in US dollars. */
  price: number;
  /** Tokens released up to and including this tranche. */
  cumulative: number;
  /** Market cap as the spec writes it (its formatting varies: "$52.5M", "$308,451,614"). */
  marketCap: string;
  status: TrancheStatus;
}

export const tranches: readonly Tranche[] = [
  {
    label: "T1",
    tokens: 5_250_000,
    percentOfSupply: 25,
    price: 10,
    cumulative: 5_250_000,
    marketCap: "$52.5M",
    status: "allocated",
  },
  {
    label: "T2",
    tokens: 5_250_000,
    percentOfSupply: 25,
    price: 10,
    cumulative: 10_500_000,
    marketCap: "$105M",
    status: "available",
  },
  {
    label: "T3",
    tokens: 5_419_355,
    percentOfSupply: 25.8,
    price: 19.38,
    cumulative: 15_919_355,
    marketCap: "$308,451,614",
    status: "planned",
  },
  {
    label: "T4",
    tokens: 2_709_677,
    percentOfSupply: 12.9,
    price: 77.5,
    cumulative: 18_629_032,
    marketCap: "$1,443,871,029",
    status: "planned",
  },
  {
    label: "T5",
    tokens: 1_354_839,
    percentOfSupply: 6.5,
    price: 310.02,
    cumulative: 19_983_871,
    marketCap: "$6,196,636,316",
    status: "planned",
  },
  {
    label: "T6",
    tokens: 677_419,
    percentOfSupply: 3.2,
    price: 1240,
    cumulative: 20_661_290,
    marketCap: "$25,619,999,600",
    status: "planned",
  },
  {
    label: "T7",
    tokens: 338_710,
    percentOfSupply: 1.6,
    price: 4960,
    cumulative: 21_000_000,
    marketCap: "$104,160,000,000",
    status: "planned",
  },
];

/** What each status means, shown as the legend of the bars (spec section 4). */
export const trancheStatusLegend: readonly { status: TrancheStatus; meaning: string }[] = [
  { status: "allocated", meaning: "Tranche 1: issued and allocated" },
  { status: "available", meaning: "Tranche 2: available now" },
  { status: "planned", meaning: "Tranches 3 to 7: planned, each released only after a holder vote" },
];

export const facetsTokenPage = {
  eyebrow: "DAO token ($FACETS)",
  title: "FACETS Token",
  lead: "The utility token of the FACETS DAO: a fixed maximum supply of 21,000,000 tokens, released in 7 tranches, with holder votes gating every tranche after the second.",
  highlightLabels: {
    maxSupply: "Maximum supply, fixed",
    trancheCount: "Tranches",
    availablePrice: "Price per token of the tranche available now",
  },
  shares: {
    title: "Tranches as a share of supply",
    lead: "Each bar is one tranche's share of the 21,000,000-token maximum supply.",
  },
  table: {
    title: "Tranche table",
    lead: "Tokens, price, cumulative supply, market cap and status of every tranche.",
    caption: "The 7 tranches of the FACETS token",
  },
  release: {
    title: "Release and voting",
    lead: "Token holders decide whether later tranches are released.",
    notes: [
      {
        title: "Tranche 1",
        body: "Issued and allocated.",
      },
      {
        title: "Tranche 2",
        body: "Available now, through an application on the contact form.",
      },
      {
        title: "Tranche 3",
        body: "Tranche 3 is released only if a majority of holders of tranches 1 and 2 vote in favour.",
      },
      {
        title: "Tranches 4 to 7",
        body: "Each later tranche is voted on by holders of all earlier tranches.",
      },
      {
        title: "No open-market trading",
        body: "Open-market trading is not permitted. It may be permitted later by a majority vote on a proposal.",
      },
    ],
  },
  howToBuy: {
    title: "How to buy",
    lead: "Tokens are not sold on exchanges. Apply through the contact form, choose “FACETS token enquiry” as your area of interest and state your preferred payment method.",
    paymentMethods: ["BTC", "SOL", "USDT"],
    paymentMethodsLabel: "Preferred payment method: choose one",
    action: { label: "Apply to buy FACETS tokens", to: "/contact" },
  },
} as const;
