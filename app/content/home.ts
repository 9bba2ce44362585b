// Copy and figures of the home page (spec section 1), in the order the page shows them.

export const hero = {
  eyebrow: "FACETS DAO",
  tagline: "Insurance Reinvented. Finance Reimagined.",
  intro:
    "A decentralised organisation building AI and blockchain-native insurance and finance products on Solana, owned and governed by its community.",
  statistics: [
    { value: "$3.7T", label: "Legacy non-life insurance market" },
    { value: "Millions", label: "Of underserved people" },
    { value: "Thousands", label: "Of new business opportunities" },
  ],
  primaryAction: { label: "Join FACETS", to: "/contact" },
  // "Learn More" alone does not say where it leads; the rest is read by screen readers and crawlers.
  secondaryAction: { label: "Learn More", context: "about the FACETS token", to: "/facets-token" },
  badges: ["Transparent on Solana", "Not publicly traded", "DAO governance protocols"],
} as const;

export const about = {
  title: "About FACETS",
  lead: "Ethical and transparent, FACETS is owned by its community. Decisions are reached by consensus, in proportion to token holdings.",
  pillars: [
    {
      title: "Ethical and transparent",
      body: "Every rule and every transaction is open to inspection on Solana.",
    },
    {
      title: "Community-owned",
      body: "The DAO belongs to its token holders, not to outside shareholders.",
    },
    {
      title: "Consensus decisions",
      body: "Decisions are reached by consensus, in proportion to token holdings.",
    },
  ],
  revenueModel: {
    title: "Revenue model",
    points: [
      "Licensees pay nominal implementation fees and revenue-based fees.",
      "Licences include front-end webapps.",
    ],
  },
  intellectualProperty: {
    title: "Intellectual property",
    body: "Intellectual property vests in the DAO and in IP tokens.",
  },
  tokenKinds: {
    title: "Three kinds of token",
    kinds: [
      { name: "DAO tokens ($FACETS)", body: "Membership and voting power in the DAO.", to: "/facets-token" },
      {
        name: "IP tokens",
        body: "Fungible and non-fungible tokens of licensed intellectual property.",
        to: "/ip-token",
      },
      {
        name: "LAB tokens",
        body: "Tokens for individual products such as motor, property and health.",
        to: "/lab-tokens",
      },
    ],
  },
} as const;

export const platforms = {
  title: "B2B2C platforms",
  lead: "Platforms our licensees bring to their own customers.",
  cards: [
    { name: "Insure", to: "/insure", body: "AI and blockchain-native insurance products." },
    { name: "Gold", to: "/gold", body: "Digital gold, backed by physical gold." },
    { name: "Capital", to: "/capital", body: "Fractional ownership of real-world assets." },
    { name: "Africa", to: "/africa", body: "Local partnerships for accessible, affordable cover." },
  ],
} as const;

export const currencies = {
  title: "Multi-currency",
  lead: "Pay and be paid in the currency that suits you.",
  groups: [
    { name: "Fiat", items: ["USD", "GBP", "EUR", "and others"] },
    { name: "Digital currencies", items: ["BTC", "ETH", "SOL", "POL", "SUI"] },
    { name: "Stablecoins", items: ["USDT", "USDC", "CNHT", "EURT", "MXNT", "PYUSD"] },
    { name: "Commodity token", items: ["XAUT (gold)"] },
  ],
} as const;

export const clubs = {
  title: "Community platforms",
  lead: "Clubs for verified members.",
  cards: [
    {
      name: "Motor Clubs",
      to: "/motorclub",
      body: "Own, trade, rent, cover and finance vehicles among verified members.",
    },
    {
      name: "Property Clubs",
      to: "/propertyclub",
      body: "Own, trade, rent, cover and finance property among verified members.",
    },
  ],
} as const;

export const governance = {
  title: "DAO governance",
  lead: "The community steers FACETS.",
  points: [
    { title: "Community voting", body: "One token equals voting power." },
    { title: "Full transparency", body: "Proposals, votes and results are public on Solana." },
    { title: "Consensus decisions", body: "Decisions are reached in proportion to holdings." },
  ],
} as const;

export const contactSection = {
  title: "Contact us",
  lead: "Questions, partnerships or token purchases: send us a message.",
  tokenBuyerNote:
    "Buying tokens? Apply through this form: choose “FACETS token enquiry” and your preferred payment method, BTC, SOL or USDT.",
  paymentMethodHint: "For token purchases (“FACETS token enquiry”).",
} as const;

/** The in-page anchors of the home page, in order. */
export const homeAnchors = ["about", "projects", "currency", "clubs", "governance"] as const;
