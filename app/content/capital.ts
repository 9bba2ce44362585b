// FACETS Capital (/capital, spec sections 1, 2 and 9): fractional ownership of real-world assets.

import type { PageAction, Stat, Step } from "~/content/page-content";
import { contactHref } from "./contact-links";

export const capitalPage = {
  eyebrow: "FACETS Capital",
  title: "Fractional ownership of real-world assets",
  lead: "Own a share of real estate, precious metals, equities and commodities: start with a fraction, with every holding recorded on Solana.",
  highlights: [
    { value: "$10B+", label: "Projected eAUM" },
    { value: "10+", label: "Asset types" },
    { value: "Fractional", label: "A share of an asset, not the whole of it" },
  ] satisfies Stat[],
  heroActions: [
    { label: "Enquire about FACETS Capital", to: contactHref("FACETS-Capital") },
    { label: "See the asset classes", to: "#assets" },
  ] satisfies PageAction[],

  assets: {
    title: "Assets you can own a share of",
    lead: "Four classes of real-world assets, each split into affordable fractions.",
    cards: [
      {
        title: "Real estate",
        body: "Homes, offices and commercial property, with your share of the rental income and of the value.",
      },
      {
        title: "Precious metals",
        body: "Gold, silver and other metals held in custody for their owners.",
      },
      {
        title: "Equities",
        body: "Shares in established companies, bought in amounts that suit you.",
      },
      {
        title: "Commodities",
        body: "Energy, agricultural and industrial goods that once only institutions could hold.",
      },
    ],
  },

  howItWorks: {
    title: "How fractional ownership works",
    lead: "The asset is held in trust; its ownership is divided into tokens on Solana.",
    steps: [
      { title: "Choose an asset", body: "Pick from real estate, precious metals, equities and commodities." },
      { title: "Buy a fraction", body: "Pay for as large or as small a share as you like." },
      { title: "Hold and earn", body: "Your share of the income and of the value is yours, in plain view." },
      { title: "Sell or redeem", body: "Sell your fraction or redeem it, under the rules of each asset." },
    ] satisfies Step[],
  },

  benefits: {
    title: "Why fractional",
    lead: "Wealth-building assets, opened up to everyone.",
    cards: [
      {
        title: "A lower way in",
        body: "Own part of an asset for a fraction of its full price.",
      },
      {
        title: "Spread your risk",
        body: "Hold small shares in many assets instead of one large one.",
      },
      {
        title: "Records you can check",
        body: "Every fraction and every transfer is on a public ledger.",
      },
    ],
  },

  callToAction: {
    title: "Build your share of real-world assets",
    lead: "Investors, asset owners and licensees: tell us what you would like to own, or to offer.",
    actions: [
      { label: "Enquire about FACETS Capital", to: contactHref("FACETS-Capital") },
      { label: "Explore FACETS Gold", to: "/gold" },
    ] satisfies PageAction[],
  },
} as const;
