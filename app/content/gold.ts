// FACETS Gold (/gold, spec sections 1, 2 and 9): digital gold backed by physical gold.
// The phase 1 figures are the spec's (section 9), written exactly as it gives them.

import type { PageAction, Stat, Step } from "~/content/page-content";
import { contactHref } from "./contact-links";

export const goldPhaseOne = {
  quantity: "about 1,000 tons",
  estimatedValueUsd: "$117,603,516",
  goldPricePerOunce: "$3,334 per ounce",
  estimatedValueBtc: "1,084.40 BTC",
  bitcoinPrice: "$108,450 per BTC",
} as const;

export const goldPage = {
  eyebrow: "FACETS Gold",
  title: "Digital gold, backed by physical gold",
  lead: "Own gold the modern way: a digital token for every share of real, physical gold, recorded on Solana and yours to trade or redeem.",
  heroActions: [
    { label: "Enquire about FACETS Gold", to: contactHref("FACETS-Gold") },
    { label: "See how it works", to: "#how-it-works" },
  ] satisfies PageAction[],

  howItWorks: {
    title: "How it works",
    lead: "Four steps from payment to gold you can prove you own.",
    steps: [
      {
        title: "Purchase token",
        body: "Buy FACETS Gold tokens in fiat, digital currencies or stablecoins.",
      },
      {
        title: "Gold allocation",
        body: "Physical gold is allocated to back every token you hold.",
      },
      {
        title: "Digital ownership",
        body: "Your ownership is recorded on Solana: visible, verifiable and yours.",
      },
      {
        title: "Trade and redeem",
        body: "Trade your tokens, or redeem them for the gold they represent.",
      },
    ] satisfies Step[],
  },

  benefits: {
    title: "Why digital gold",
    lead: "The stability of gold with the reach of a digital asset.",
    cards: [
      {
        title: "Backed by physical gold",
        body: "Every token stands for real gold, held for its owners, not a promise on paper.",
      },
      {
        title: "Transparent on Solana",
        body: "Issuance and ownership are on a public ledger that anyone can check.",
      },
      {
        title: "Any amount",
        body: "Own a fraction of a bar: start small and add to your holding over time.",
      },
    ],
  },

  phaseOne: {
    title: "Phase 1 onboarding",
    lead: `Phase 1 brings ${goldPhaseOne.quantity} of gold onto the platform, estimated at ${goldPhaseOne.estimatedValueUsd} at ${goldPhaseOne.goldPricePerOunce}, or ${goldPhaseOne.estimatedValueBtc} at ${goldPhaseOne.bitcoinPrice}.`,
    figures: [
      { value: "About 1,000 tons", label: "Of gold in phase 1" },
      {
        value: goldPhaseOne.estimatedValueUsd,
        label: `Estimated value at ${goldPhaseOne.goldPricePerOunce}`,
      },
      { value: goldPhaseOne.estimatedValueBtc, label: `Estimated value at ${goldPhaseOne.bitcoinPrice}` },
    ] satisfies Stat[],
    note: "Estimates at the gold and bitcoin prices shown; the value of gold and of bitcoin goes up and down.",
  },

  callToAction: {
    title: "Hold gold, digitally",
    lead: "Tell us how you would like to use FACETS Gold, as a buyer, a vault partner or a licensee.",
    actions: [
      { label: "Enquire about FACETS Gold", to: contactHref("FACETS-Gold") },
      { label: "Explore FACETS Capital", to: "/capital" },
    ] satisfies PageAction[],
  },
} as const;
