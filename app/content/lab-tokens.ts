// The LAB page (spec sections 1 and 2): LAB tokens for individual products, one laboratory per product.

export type LabStage = "active" | "future";

export interface Lab {
  name: string;
  stage: LabStage;
  body: string;
  /** A related page of the site, when there is one. */
  related?: { label: string; to: string };
}

export const labTokensPage = {
  eyebrow: "LAB tokens",
  title: "LAB Tokens",
  lead: "LAB tokens are the tokens of individual products. Each laboratory develops one product line with its own community of holders.",
  about: {
    title: "What a LAB token is",
    lead: "Alongside the DAO token ($FACETS) and IP tokens, LAB tokens are the third kind of FACETS token.",
    points: [
      {
        title: "One product, one token",
        body: "Each laboratory has its own LAB token, tied to a single product such as motor or property cover.",
      },
      {
        title: "Built in the open",
        body: "Laboratories develop, test and improve their product with the members who use it.",
      },
      {
        title: "Part of the DAO",
        body: "Laboratories work inside the FACETS DAO and follow its governance: decisions by consensus, in proportion to holdings.",
      },
    ],
  },
  labs: {
    title: "The laboratories",
    lead: "Two laboratories are at work today; three more are planned.",
  },
  stageLabels: { active: "Active", future: "Coming soon" },
  callToAction: {
    title: "Interested in a LAB token?",
    lead: "Ask us about a laboratory, or propose one, through the contact form.",
    action: { label: "Contact us about LAB tokens", to: "/contact" },
  },
} as const;

export const labs: readonly Lab[] = [
  {
    name: "Motor Lab",
    stage: "active",
    body: "Motor products: cover, finance and shared ownership of vehicles, developed with the Motor Clubs.",
    related: { label: "Visit the Motor Club", to: "/motorclub" },
  },
  {
    name: "Property Lab",
    stage: "active",
    body: "Property products: home cover, finance and fractional ownership, developed with the Property Clubs.",
    related: { label: "Visit the Property Club", to: "/propertyclub" },
  },
  {
    name: "Health Lab",
    stage: "future",
    body: "Health products: wallets and cover for medical costs.",
  },
  {
    name: "Device Lab",
    stage: "future",
    body: "Device products: cover for phones, laptops and other personal devices.",
  },
  {
    name: "Legal Lab",
    stage: "future",
    body: "Legal products: cover for legal costs and access to legal help.",
  },
];
