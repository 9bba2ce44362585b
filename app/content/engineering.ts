// The engineering page (spec sections 1 and 2): one section each for context, philosophy, blockchain,
// web2 and web3, and AI and human agents.

export interface EngineeringTopic {
  id: string;
  title: string;
  lead: string;
  points: readonly { title: string; body: string }[];
}

export const engineeringPage = {
  eyebrow: "Engineering",
  title: "Engineering at FACETS",
  lead: "How we build AI and blockchain-native insurance and finance products: the problem, the principles, the chain, the stack and the people and agents who run it.",
  callToAction: {
    title: "Build with us",
    lead: "Engineers, partners and licensees: tell us what you would like to build.",
    action: { label: "Contact the engineering team", to: "/contact" },
  },
} as const;

export const engineeringTopics: readonly EngineeringTopic[] = [
  {
    id: "context",
    title: "Context",
    lead: "Legacy non-life insurance is a $3.7 trillion market, yet millions of people remain underserved by it.",
    points: [
      {
        title: "Old systems",
        body: "Much of the industry runs on closed, decades-old systems that make products slow to change and costly to run.",
      },
      {
        title: "Opaque costs",
        body: "Customers rarely see how their contributions are spent, what is kept, or why a claim takes weeks.",
      },
      {
        title: "Missed people",
        body: "Small policies are uneconomic on old systems, so those who need cover most are often left without it.",
      },
    ],
  },
  {
    id: "philosophy",
    title: "Philosophy",
    lead: "Ethical and transparent by design: software that anyone affected by it can inspect.",
    points: [
      {
        title: "Transparent by default",
        body: "Rules, fees and flows of money are recorded where members can check them.",
      },
      {
        title: "Simple over clever",
        body: "Products a member understands in a minute; code a newcomer understands in a day.",
      },
      {
        title: "Community-owned",
        body: "What we build vests in the DAO, and token holders decide where it goes next.",
      },
    ],
  },
  {
    id: "blockchain",
    title: "Blockchain: Solana",
    lead: "FACETS runs on Solana, a public layer-1 blockchain.",
    points: [
      {
        title: "Fast and low-cost",
        body: "Quick confirmation and fees of a fraction of a cent make small contributions and small claims practical.",
      },
      {
        title: "Public record",
        body: "Token supply, tranche releases and votes are on a public ledger that anyone can check with a block explorer.",
      },
      {
        title: "Tokens for every role",
        body: "DAO tokens ($FACETS), IP tokens and LAB tokens are all issued on Solana.",
      },
    ],
  },
  {
    id: "web2-web3",
    title: "Web2 and web3",
    lead: "Members should not need to understand a blockchain to be covered by one.",
    points: [
      {
        title: "Familiar front ends",
        body: "Licensees receive front-end webapps that work like any modern website or app.",
      },
      {
        title: "Many currencies",
        body: "Members pay in fiat, digital currencies, stablecoins or tokenised gold.",
      },
      {
        title: "Web3 underneath",
        body: "Ownership, rules and records live on-chain; identity, payments and service use proven web infrastructure.",
      },
    ],
  },
  {
    id: "agents",
    title: "AI and human agents",
    lead: "AI agents do the routine work quickly; people stay responsible for judgement.",
    points: [
      {
        title: "AI agents",
        body: "Agents handle onboarding, routine claims checks and questions at any hour, in the member's language.",
      },
      {
        title: "Human agents",
        body: "People handle exceptions, disputes and anything that needs empathy or discretion.",
      },
      {
        title: "Accountable together",
        body: "Every decision, by machine or by person, leaves a record that can be reviewed.",
      },
    ],
  },
];
