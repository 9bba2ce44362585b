// Funeral cover (/funeral, spec sections 2 and 9): four tiers, in rand per month for an amount of cover,
// and the answers the spec gives to the common questions.

import type { PageAction } from "~/content/page-content";
import { contactHref } from "./contact-links";

export interface FaqEntry {
  question: string;
  answer: string;
}

export interface FuneralCoverTier {
  /** What the policyholder pays each month, in rand. */
  monthlyPremium: string;
  /** What the beneficiary receives, in rand. */
  cover: string;
}

export const funeralCoverTiers: readonly FuneralCoverTier[] = [
  { monthlyPremium: "R10", cover: "R5,000" },
  { monthlyPremium: "R30", cover: "R15,000" },
  { monthlyPremium: "R50", cover: "R25,000" },
  { monthlyPremium: "R100", cover: "R50,000" },
];

/** The contact link of a tier: the form then starts "Regarding: Funeral cover R10 a month for R5,000". */
export function funeralTierHref(tier: FuneralCoverTier): string {
  return contactHref(`Funeral-cover-${tier.monthlyPremium}-a-month-for-${tier.cover}`);
}

export const funeralPage = {
  eyebrow: "FACETS Funeral Cover",
  title: "Funeral cover from R10 a month",
  lead: "Dignified cover for the people you love, with a fixed monthly amount and a fixed payout: simple to choose, simple to claim.",
  badges: ["One life, one beneficiary", "No waiting period", "Any age", "No medical exam"],
  badgesLabel: "Funeral cover at a glance",
  heroActions: [
    { label: "Choose your cover", to: "#tiers" },
    { label: "Ask us a question", to: contactHref("Funeral-cover") },
  ] satisfies PageAction[],

  tiers: {
    title: "Choose your cover",
    lead: "Four tiers, in rand. Pay the same amount every month; your beneficiary receives the cover amount.",
    premiumSuffix: "per month",
    tierTitle: (tier: FuneralCoverTier) => `${tier.cover} cover`,
    payout: (tier: FuneralCoverTier) => `Pays ${tier.cover} to your beneficiary`,
    actionLabel: "Apply now",
    actionDetail: (tier: FuneralCoverTier) => `for ${tier.cover} cover at ${tier.monthlyPremium} per month`,
  },

  faq: {
    title: "Frequently asked questions",
    entries: [
      {
        question: "Who does a policy cover?",
        answer: "Each policy insures one life, with one beneficiary who receives the payout.",
      },
      {
        question: "Is there a waiting period?",
        answer: "No. There is no waiting period for cover or for claims.",
      },
      {
        question: "Is there an age limit?",
        answer: "No. You can take out cover at any age.",
      },
      {
        question: "Do I need a medical exam?",
        answer: "No. There is no medical exam.",
      },
    ] satisfies FaqEntry[],
  },

  callToAction: {
    title: "Cover your family today",
    lead: "Tell us which tier you would like, or ask us anything about funeral cover.",
    actions: [
      { label: "Apply for funeral cover", to: contactHref("Funeral-cover") },
      { label: "See all insurance products", to: "/insure" },
    ] satisfies PageAction[],
  },
} as const;
