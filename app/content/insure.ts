// FACETS Insure (/insure, spec sections 1, 2 and 9): the AI and blockchain-native insurance platform.

import type { PageAction, Stat } from "~/content/page-content";
import { contactHref } from "./contact-links";
import { externalLinks } from "./external-links";

export interface InsuranceProduct {
  name: string;
  body: string;
  /** A page of its own, where the product has one, and the words that point to it. */
  to?: string;
  linkHint?: string;
}

export const insurePage = {
  eyebrow: "FACETS Insure",
  title: "AI and blockchain-native insurance",
  lead: "An insurance platform our partners launch under their own brand: AI prices risk and settles claims, Solana keeps every contribution and payout in plain view.",
  heroActions: [
    { label: "Become a partner", to: contactHref("FACETS-Insure-partnership") },
    { label: "Visit the FACETS Insure site", href: externalLinks.insuranceProductSite },
  ] satisfies PageAction[],

  features: {
    title: "Insurance, rebuilt from the ground up",
    lead: "Three things set FACETS Insure apart from the legacy market.",
    cards: [
      {
        title: "AI-native",
        body: "Artificial intelligence prices each risk, guides customers and handles routine claims in minutes, not weeks.",
      },
      {
        title: "Blockchain-native",
        body: "Policies, contributions and payouts are recorded on Solana, so customers and regulators can check every figure.",
      },
      {
        title: "Built for partners",
        body: "Licensees launch products under their own brand, with front-end webapps included in the licence.",
      },
    ],
  },

  products: {
    title: "Scalable products",
    lead: "One platform, many lines of cover: each product scales from a pilot to millions of customers.",
    cards: [
      {
        name: "Motor",
        body: "Cover for cars, motorcycles and fleets, priced on how and how much you drive.",
      },
      { name: "Home", body: "Buildings and contents cover for owners and renters." },
      { name: "Device", body: "Protection for phones, laptops and tablets against damage and theft." },
      {
        name: "Funeral",
        body: "Dignified funeral cover from R10 a month, with no waiting period and no medical exam.",
        to: "/funeral",
        linkHint: "See the cover tiers",
      },
      { name: "Health", body: "Health cover and wallets for everyday medical costs." },
      { name: "Legal", body: "Legal advice and cover for legal costs when you need them most." },
      { name: "Pet wallets", body: "Put money aside for vet bills in a wallet of its own." },
    ] satisfies InsuranceProduct[],
    goodToKnow: {
      name: "Good to know",
      points: [
        "Flexible contributions",
        "Keep your unused contributions",
        "Fixed, transparent fees",
        "Accidental death and disability cover",
      ],
    },
  },

  statistics: {
    title: "A market ready for change",
    lead: "The legacy insurance market is vast, and it still leaves millions of people without cover.",
    items: [
      { value: "$3.7T", label: "Legacy non-life insurance market" },
      { value: "100M+", label: "Projected policyholders" },
      { value: "Global", label: "Reach through licensed partners" },
    ] satisfies Stat[],
  },

  partner: {
    title: "Partner with FACETS Insure",
    lead: "Insurers, brokers, retailers and communities: bring AI and blockchain-native cover to your customers. Tell us about your business and we will show you how a launch works.",
    actions: [
      { label: "Become a partner", to: contactHref("FACETS-Insure-partnership") },
      { label: "Visit the FACETS Insure site", href: externalLinks.insuranceProductSite },
      { label: "Contact us", to: "/contact" },
    ] satisfies PageAction[],
  },
} as const;
