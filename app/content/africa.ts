// FACETS Africa: the offering (/africa) and the mission page (/mobile1) share these sections
// (spec sections 1 and 2: local partnerships, community engagement, sustainable growth; focus on
// accessibility, affordability and simplicity).

import type { PageAction } from "~/content/page-content";
import { contactHref } from "./contact-links";

export interface AfricaPoint {
  title: string;
  body: string;
}

export const africaApproach = {
  title: "How we work",
  lead: "Insurance and finance that last are built with the people they serve.",
  points: [
    {
      title: "Local partnerships",
      body: "We work with local insurers, retailers, mobile networks and community groups who know their markets best.",
    },
    {
      title: "Community engagement",
      body: "Communities help shape the products they use, and share in the value they create.",
    },
    {
      title: "Sustainable growth",
      body: "Fair pricing and transparent records build trust that grows year after year.",
    },
  ] satisfies AfricaPoint[],
} as const;

export const africaFocus = {
  title: "Our focus",
  lead: "Three principles guide every product we bring to Africa.",
  areas: [
    {
      title: "Accessibility",
      body: "Cover and savings anyone can reach from a mobile phone, wherever they live.",
    },
    {
      title: "Affordability",
      body: "Small, flexible contributions that fit real household budgets.",
    },
    {
      title: "Simplicity",
      body: "Plain words, few steps and quick payouts: no fine print, no surprises.",
    },
  ] satisfies AfricaPoint[],
} as const;

export const africaPage = {
  eyebrow: "FACETS Africa",
  title: "Insurance and finance for Africa, built with Africa",
  lead: "Millions of people across Africa have no insurance and no safe place for their savings. With local partners, FACETS brings them cover and finance they can reach, afford and understand.",
  heroActions: [
    { label: "Partner with us in Africa", to: contactHref("FACETS-Africa-partnership") },
    { label: "Our mission", to: "/mobile1" },
  ] satisfies PageAction[],

  offering: {
    title: "Available through our partners",
    lead: "Products designed for the way people live, save and protect their families.",
    cards: [
      {
        title: "Funeral cover",
        body: "From R10 a month: no waiting period, any age and no medical exam.",
        to: "/funeral",
      },
      {
        title: "Everyday insurance",
        body: "Motor, home, device, health and legal cover on the FACETS Insure platform.",
        to: "/insure",
      },
      {
        title: "Digital gold",
        body: "Save in gold, a token at a time, backed by physical gold.",
        to: "/gold",
      },
    ],
  },

  callToAction: {
    title: "Grow with us in Africa",
    lead: "Insurers, retailers, mobile networks and community leaders: let us build the next product together.",
    actions: [
      { label: "Contact Us", to: "/contact" },
      { label: "See the pilots and demos", to: "/pilots-demos" },
    ] satisfies PageAction[],
  },
} as const;

export const africaMissionPage = {
  eyebrow: "Our Africa mission",
  title: "Protection and prosperity within everyone's reach",
  lead: "Our mission is to bring fair, simple insurance and finance to the millions of people in Africa the legacy industry has left behind, one mobile phone at a time.",
  heroActions: [
    { label: "Contact Us", to: "/contact" },
    { label: "See the Africa offering", to: "/africa" },
  ] satisfies PageAction[],

  mission: {
    title: "Why Africa",
    lead: "A young, mobile-first continent deserves financial services built for it, not adapted from elsewhere.",
    statement:
      "We measure success by the families who are covered when it matters, the savings that keep their value and the local businesses that grow with us.",
  },

  callToAction: {
    title: "Join the mission",
    lead: "Whether you are a partner, a community leader or simply share the vision, we would like to hear from you.",
    actions: [{ label: "Contact Us", to: "/contact" }] satisfies PageAction[],
  },
} as const;
