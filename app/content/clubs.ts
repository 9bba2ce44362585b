// The community clubs (/motorclub and /propertyclub, spec sections 1 and 2): verified members and
// five modules each, Own, Trade, Rent, Cover and Finance. The Cover and Finance partners are not
// signed yet, so those modules are marked "Coming Soon".

import type { PageAction, Step } from "~/content/page-content";
import { contactHref } from "./contact-links";

export type ClubModuleName = "Own" | "Trade" | "Rent" | "Cover" | "Finance";

export interface ClubModuleAction {
  /** The visible words of the button, kept short. */
  label: string;
  /** The rest of its accessible name, read by screen readers after the label. */
  detail: string;
  to: string;
}

export interface ClubModule {
  name: ClubModuleName;
  body: string;
  /** The link to the contact form: an enquiry, or interest in a module that is still coming. */
  action: ClubModuleAction;
  /** The partner who will provide the module, or "Coming Soon" while none is signed. */
  partner?: string;
  comingSoon?: boolean;
}

/** The card beside the modules that invites any other question. */
export interface ClubContactCard {
  title: string;
  body: string;
  action: { label: string; to: string };
}

export interface Club {
  path: "/motorclub" | "/propertyclub";
  name: string;
  eyebrow: string;
  title: string;
  lead: string;
  description: string;
  heroActions: readonly PageAction[];
  modules: { title: string; lead: string; items: readonly ClubModule[]; contactCard: ClubContactCard };
  membership: { title: string; lead: string; steps: readonly Step[] };
  callToAction: { title: string; lead: string; actions: readonly PageAction[] };
}

export const COMING_SOON = "Coming Soon";

export const clubBadges = ["Verified members", "Transparent on Solana", "Community-governed"] as const;

const clubContactCard: ClubContactCard = {
  title: "Something else in mind?",
  body: "Ask us anything about the club, or tell us what it should offer next.",
  action: { label: "Contact us", to: "/contact" },
};

const membershipSteps = (subject: string): readonly Step[] => [
  { title: "Apply", body: "Tell us who you are and what you would like to do, through our contact form." },
  {
    title: "Get verified",
    body: "We verify every member before they join, so you always know who you are dealing with.",
  },
  {
    title: "Take part",
    body: `Own, trade and rent with other verified members of the ${subject}, and add cover and finance as partners join.`,
  },
];

export const motorClub: Club = {
  path: "/motorclub",
  name: "Motor Club",
  eyebrow: "FACETS Motor Club",
  title: "The motor club for verified members",
  lead: "Own, trade, rent, cover and finance vehicles with people you can trust: every member verified, every agreement on the record.",
  description:
    "The FACETS Motor Club: verified members own, trade and rent vehicles together, with cover and finance partners coming soon.",
  heroActions: [
    { label: "Apply to join", to: contactHref("Motor-Club-membership") },
    { label: "See the modules", to: "#modules" },
  ],
  modules: {
    title: "Five modules",
    lead: "Everything a driver needs, in one club.",
    items: [
      {
        name: "Own",
        body: "Buy a vehicle outright, or own a share of one with other members.",
        action: { label: "Enquire now", detail: "about owning a vehicle", to: contactHref("Motor-Club-Own") },
      },
      {
        name: "Trade",
        body: "Buy and sell vehicles among verified members, each with a history you can check.",
        action: {
          label: "Enquire now",
          detail: "about trading a vehicle",
          to: contactHref("Motor-Club-Trade"),
        },
      },
      {
        name: "Rent",
        body: "Rent a vehicle from a member, or earn from yours while you are not using it.",
        action: {
          label: "Enquire now",
          detail: "about renting a vehicle",
          to: contactHref("Motor-Club-Rent"),
        },
      },
      {
        name: "Cover",
        body: "Motor insurance for members, from a FACETS Insure partner.",
        partner: COMING_SOON,
        comingSoon: true,
        action: { label: "Register interest", detail: "in motor cover", to: contactHref("Motor-Club-Cover") },
      },
      {
        name: "Finance",
        body: "Vehicle finance for members, from a lending partner.",
        partner: COMING_SOON,
        comingSoon: true,
        action: {
          label: "Register interest",
          detail: "in vehicle finance",
          to: contactHref("Motor-Club-Finance"),
        },
      },
    ],
    contactCard: clubContactCard,
  },
  membership: {
    title: "Verified members only",
    lead: "Membership is by application, so everyone in the club is who they say they are.",
    steps: membershipSteps("Motor Club"),
  },
  callToAction: {
    title: "Join the Motor Club",
    lead: "Drivers, owners, dealers and fleet operators: apply to join, or ask us anything about the club.",
    actions: [
      { label: "Apply to join", to: contactHref("Motor-Club-membership") },
      { label: "Contact us", to: "/contact" },
    ],
  },
};

export const propertyClub: Club = {
  path: "/propertyclub",
  name: "Property Club",
  eyebrow: "FACETS Property Club",
  title: "The property club for verified members",
  lead: "Own, trade, rent, cover and finance property with people you can trust: every member verified, every agreement on the record.",
  description:
    "The FACETS Property Club: verified members own, trade and rent property together, with cover and finance partners coming soon.",
  heroActions: [
    { label: "Apply to join", to: contactHref("Property-Club-membership") },
    { label: "See the modules", to: "#modules" },
  ],
  modules: {
    title: "Five modules",
    lead: "Everything an owner, a buyer or a tenant needs, in one club.",
    items: [
      {
        name: "Own",
        body: "Buy a property outright, or own a fraction of one with other members.",
        action: {
          label: "Enquire now",
          detail: "about owning property",
          to: contactHref("Property-Club-Own"),
        },
      },
      {
        name: "Trade",
        body: "Buy and sell property, or your fraction of it, among verified members.",
        action: {
          label: "Enquire now",
          detail: "about trading property",
          to: contactHref("Property-Club-Trade"),
        },
      },
      {
        name: "Rent",
        body: "Let your property to verified tenants, or find a home from a verified owner.",
        action: {
          label: "Enquire now",
          detail: "about renting property",
          to: contactHref("Property-Club-Rent"),
        },
      },
      {
        name: "Cover",
        body: "Buildings and contents insurance for members, from a FACETS Insure partner.",
        partner: COMING_SOON,
        comingSoon: true,
        action: {
          label: "Register interest",
          detail: "in property cover",
          to: contactHref("Property-Club-Cover"),
        },
      },
      {
        name: "Finance",
        body: "Property finance for members, from a lending partner.",
        partner: COMING_SOON,
        comingSoon: true,
        action: {
          label: "Register interest",
          detail: "in property finance",
          to: contactHref("Property-Club-Finance"),
        },
      },
    ],
    contactCard: clubContactCard,
  },
  membership: {
    title: "Verified members only",
    lead: "Membership is by application, so everyone in the club is who they say they are.",
    steps: membershipSteps("Property Club"),
  },
  callToAction: {
    title: "Join the Property Club",
    lead: "Owners, buyers, tenants and developers: apply to join, or ask us anything about the club.",
    actions: [
      { label: "Apply to join", to: contactHref("Property-Club-membership") },
      { label: "Contact us", to: "/contact" },
    ],
  },
};
