// The FACETS (DAO) token: supply, tranches, release votes and how to buy (spec sections 1, 4 and 9).
// The tranche figures are the spec's table of section 9, exactly, as a document (tranche-figures.ts):
// cumulative supply and shares are derived, and the prose reads its figures from it.

import {
  statusRanges,
  type Tranche,
  type TrancheDocument,
  type TrancheStatus,
  trancheRange,
  wholeNumber,
  withDerivedFigures,
} from "./tranche-figures";

export type { Tranche, TrancheStatus };

/** The tranches as the spec's table of section 9 writes them: the first published version. */
export const trancheDocument: TrancheDocument = {
  maxSupply: 21_000_000,
  tranches: [
    { label: "T1", tokens: 5_250_000, price: 10, marketCap: "$52.5M", status: "allocated" },
    { label: "T2", tokens: 5_250_000, price: 10, marketCap: "$105M", status: "available" },
    { label: "T3", tokens: 5_419_355, price: 19.38, marketCap: "$308,451,614", status: "planned" },
    { label: "T4", tokens: 2_709_677, price: 77.5, marketCap: "$1,443,871,029", status: "planned" },
    { label: "T5", tokens: 1_354_839, price: 310.02, marketCap: "$6,196,636,316", status: "planned" },
    { label: "T6", tokens: 677_419, price: 1240, marketCap: "$25,619,999,600", status: "planned" },
    { label: "T7", tokens: 338_710, price: 4960, marketCap: "$104,160,000,000", status: "planned" },
  ],
};

export const MAX_SUPPLY = trancheDocument.maxSupply;

export const tranches: readonly Tranche[] = withDerivedFigures(trancheDocument);

/** What each status means (spec section 4). */
const STATUS_MEANINGS: Record<TrancheStatus, string> = {
  allocated: "issued and allocated",
  available: "available now",
  planned: "planned, each released only after a holder vote",
};

/** The legend of the bars: each status with the tranches that have it, read from the document. */
export function statusLegend(document: TrancheDocument): { status: TrancheStatus; meaning: string }[] {
  return statusRanges(document.tranches).map(({ status, first, last }) => ({
    status,
    meaning: `${trancheRange(first, last)}: ${STATUS_MEANINGS[status]}`,
  }));
}

export const trancheStatusLegend = statusLegend(trancheDocument);

/** The page's copy, its figures read from the document (issue 41: no figure typed twice). */
export const tokenPageCopy = (document: TrancheDocument) => {
  const supply = wholeNumber(document.maxSupply);
  const count = document.tranches.length;
  return {
    eyebrow: "DAO token ($FACETS)",
    title: "FACETS Token",
    lead: `The utility token of the FACETS DAO: a fixed maximum supply of ${supply} tokens, released in ${count} tranches, with holder votes gating every tranche after the second.`,
    description: `The FACETS DAO token: a fixed maximum supply of ${supply} released in ${count} tranches, holder votes on later tranches, and how to apply to buy with BTC, SOL or USDT.`,
    highlightLabels: {
      maxSupply: "Maximum supply, fixed",
      trancheCount: "Tranches",
      availablePrice: "Price per token of the tranche available now",
    },
    shares: {
      title: "Tranches as a share of supply",
      lead: `Each bar is one tranche's share of the ${supply}-token maximum supply.`,
    },
    table: {
      title: "Tranche table",
      lead: "Tokens, price, cumulative supply, market cap and status of every tranche.",
      caption: `The ${count} tranches of the FACETS token`,
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
          title: trancheRange(4, count),
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
      action: { label: "Apply to buy FACETS tokens", to: "/contact?enquiry=token" },
    },
  } as const;
};

export const facetsTokenPage = tokenPageCopy(trancheDocument);
