// The pilots and demos page (spec section 2): outbound pilot and demo sites, grouped INSURE (4),
// CAPITAL (3) and GOLD (2). The addresses are example addresses (*.facets.example) until the owner
// supplies the live ones.

export const PILOT_KINDS = ["Pilot", "Demo"] as const;
export type PilotKind = (typeof PILOT_KINDS)[number];

/** The groups, as the spec names them. */
export const PILOT_GROUP_NAMES = ["INSURE", "CAPITAL", "GOLD"] as const;

export interface PilotSite {
  name: string;
  kind: PilotKind;
  description: string;
  url: string;
}

export interface PilotGroup {
  /** The group's name as the spec writes it; its section's id is the name in lower case. */
  name: (typeof PILOT_GROUP_NAMES)[number];
  lead: string;
  sites: readonly PilotSite[];
}

export const pilotsDemosPage = {
  eyebrow: "Platforms",
  title: "Pilots and Demos",
  lead: "Try the platforms FACETS licensees build on: insurance, capital and gold.",
  noteTitle: "Please note:",
  note: "these sites are mostly pilot or demo platforms. They show how the products work and may use test data; they are not offers of cover, investment or tokens.",
  visitLabel: "Visit Site",
  callToAction: {
    title: "Want a pilot of your own?",
    lead: "Licensees and partners can ask for a pilot of any platform through the contact form.",
    action: { label: "Ask about a pilot", to: "/contact" },
  },
} as const;

export const pilotGroups: readonly PilotGroup[] = [
  {
    name: "INSURE",
    lead: "AI and blockchain-native insurance.",
    sites: [
      {
        name: "Motor Cover Pilot",
        kind: "Pilot",
        description: "Quote, buy and claim on motor cover with flexible contributions.",
        url: "https://motor.pilot.facets.example",
      },
      {
        name: "Home Cover Pilot",
        kind: "Pilot",
        description: "Cover for homes and contents, with unused contributions kept by the member.",
        url: "https://home.pilot.facets.example",
      },
      {
        name: "Funeral Cover Demo",
        kind: "Demo",
        description: "One life, one beneficiary, no waiting period and no medical exam.",
        url: "https://funeral.demo.facets.example",
      },
      {
        name: "Device Cover Demo",
        kind: "Demo",
        description: "Cover for phones, laptops and other personal devices.",
        url: "https://device.demo.facets.example",
      },
    ],
  },
  {
    name: "CAPITAL",
    lead: "Fractional ownership of real-world assets.",
    sites: [
      {
        name: "Real Estate Fractions Pilot",
        kind: "Pilot",
        description: "Own a fraction of a property and follow its income.",
        url: "https://realestate.pilot.facets.example",
      },
      {
        name: "Precious Metals Demo",
        kind: "Demo",
        description: "Fractions of vaulted precious metals.",
        url: "https://metals.demo.facets.example",
      },
      {
        name: "Equities and Commodities Demo",
        kind: "Demo",
        description: "Fractional baskets of equities and commodities.",
        url: "https://markets.demo.facets.example",
      },
    ],
  },
  {
    name: "GOLD",
    lead: "Digital gold backed by physical gold.",
    sites: [
      {
        name: "Gold Token Pilot",
        kind: "Pilot",
        description: "Buy a gold-backed token and see the physical gold allocated to it.",
        url: "https://gold.pilot.facets.example",
      },
      {
        name: "Gold Redemption Demo",
        kind: "Demo",
        description: "Trade digital gold and redeem it for physical gold.",
        url: "https://redeem.demo.facets.example",
      },
    ],
  },
];
