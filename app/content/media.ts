// The media page (spec section 2): six curated external articles or posts.
// This module is the one place for the articles' addresses (they are data, not components).
// They are example addresses (*.example) until the owner supplies the real articles.

/** The categories an article may have, each as the page's prose names it. */
const CATEGORY_PROSE = {
  Insurance: "insurance",
  Blockchain: "blockchain",
  Gold: "gold",
  Capital: "capital",
  Africa: "Africa",
  "Intellectual property": "intellectual property",
} as const;

export type MediaCategory = keyof typeof CATEGORY_PROSE;

export const MEDIA_CATEGORIES = Object.keys(CATEGORY_PROSE) as MediaCategory[];

export interface MediaArticle {
  title: string;
  source: string;
  /** Publication date, ISO (YYYY-MM-DD). */
  date: string;
  category: MediaCategory;
  summary: string;
  url: string;
  /** Alt text of the category illustration shown with the article. */
  imageAlt: string;
}

export const mediaPage = {
  eyebrow: "Resources",
  title: "Media",
  lead: "Articles and posts about the markets FACETS works in, chosen by our team. Each link opens the original on its publisher's site.",
  listTitle: "In the news",
  readLabel: "Read the article",
  callToAction: {
    title: "Press enquiries",
    lead: "Writing about FACETS? Reach us through the contact form.",
    action: { label: "Contact us", to: "/contact" },
  },
} as const;

export const mediaArticles: readonly MediaArticle[] = [
  {
    title: "Why non-life insurance is ripe for reinvention",
    source: "Insurance Futures",
    date: "2025-01-21",
    category: "Insurance",
    summary:
      "A look at the $3.7 trillion non-life market, its ageing systems, and how transparent, blockchain-native models could reach the people it leaves out.",
    url: "https://insurancefutures.example/articles/non-life-ripe-for-reinvention",
    imageAlt: "Illustration: an umbrella sheltering a small house",
  },
  {
    title: "Solana for real-world finance: speed, fees and transparency",
    source: "Chain Review",
    date: "2025-02-18",
    category: "Blockchain",
    summary:
      "How a fast, low-fee public ledger makes small payments, small claims and open records practical for financial products.",
    url: "https://chainreview.example/posts/solana-real-world-finance",
    imageAlt: "Illustration: three linked blocks of a chain",
  },
  {
    title: "Digital gold backed by physical bars: how it works",
    source: "Bullion Weekly",
    date: "2025-03-11",
    category: "Gold",
    summary:
      "From purchase to allocation to redemption: what stands behind a gold-backed token and what buyers should check.",
    url: "https://bullionweekly.example/explainers/digital-gold-physical-bars",
    imageAlt: "Illustration: a stack of three gold bars",
  },
  {
    title: "Fractional ownership opens real assets to smaller investors",
    source: "Capital Markets Today",
    date: "2025-04-08",
    category: "Capital",
    summary:
      "Real estate, precious metals, equities and commodities split into affordable fractions: the opportunity and the safeguards.",
    url: "https://capitalmarketstoday.example/analysis/fractional-ownership-real-assets",
    imageAlt: "Illustration: a building divided into coloured fractions",
  },
  {
    title: "Mobile-first cover for Africa's underserved",
    source: "Africa Fintech Journal",
    date: "2025-05-06",
    category: "Africa",
    summary:
      "Local partnerships and simple, affordable products delivered by phone are bringing insurance to millions for the first time.",
    url: "https://africafintechjournal.example/features/mobile-first-cover",
    imageAlt: "Illustration: a mobile phone showing a shield",
  },
  {
    title: "DAOs and intellectual property: who owns what a community builds?",
    source: "IP Strategy Review",
    date: "2025-06-03",
    category: "Intellectual property",
    summary:
      "Licensing models from chip design to franchising, and how tokens can record a community's ownership of the IP it creates.",
    url: "https://ipstrategyreview.example/essays/daos-and-intellectual-property",
    imageAlt: "Illustration: a light bulb inside a cut gem",
  },
];

const NUMBER_WORDS = [
  "No",
  "One",
  "Two",
  "Three",
  "Four",
  "Five",
  "Six",
  "Seven",
  "Eight",
  "Nine",
  "Ten",
  "Eleven",
  "Twelve",
];

/** The list's lead, read from the articles: "Six pieces on insurance, blockchain, … and intellectual property." */
export function mediaListLead(articles: readonly Pick<MediaArticle, "category">[]): string {
  const count = NUMBER_WORDS[articles.length] ?? String(articles.length);
  const topics = MEDIA_CATEGORIES.filter((category) => articles.some((a) => a.category === category)).map(
    (category) => CATEGORY_PROSE[category],
  );
  const listed =
    topics.length > 1 ? `${topics.slice(0, -1).join(", ")} and ${topics.at(-1)}` : (topics[0] ?? "");
  return `${count} ${articles.length === 1 ? "piece" : "pieces"} on ${listed}.`;
}
