import { describe, expect, it } from "vitest";
import { fetchPage, textOf } from "./support";

// Every route of the spec's table: 200, one h1 with its text, and the figures and texts the spec gives it.
const pages: { path: string; h1: string; texts: string[] }[] = [
  {
    path: "/",
    h1: "Insurance Reinvented. Finance Reimagined.",
    texts: [
      "$3.7T",
      "Join FACETS",
      "Learn More",
      "Transparent on Solana",
      "Not publicly traded",
      "DAO governance protocols",
      "BTC, SOL or USDT",
    ],
  },
  {
    path: "/home-experiment",
    h1: "Insurance Reinvented. Wealth Reimagined.",
    texts: [
      "$3.7T",
      "Join FACETS",
      "Learn More",
      "Transparent on Solana",
      "About FACETS",
      "B2B2C platforms",
      "DAO governance",
    ],
  },
  {
    path: "/insure",
    h1: "AI and blockchain-native insurance",
    texts: [
      "Scalable products",
      "Motor",
      "Home",
      "Device",
      "Funeral",
      "Health",
      "Legal",
      "Pet wallets",
      "Good to know",
      "Flexible contributions",
      "Accidental death and disability cover",
      "$3.7T",
      "100M+",
      "Global",
      "Visit the FACETS Insure site",
    ],
  },
  {
    path: "/gold",
    h1: "Digital gold, backed by physical gold",
    texts: [
      "Purchase token",
      "Gold allocation",
      "Digital ownership",
      "Trade and redeem",
      "Phase 1 onboarding",
      "about 1,000 tons",
      "$117,603,516",
      "$3,334 per ounce",
      "1,084.40 BTC",
      "$108,450 per BTC",
    ],
  },
  {
    path: "/capital",
    h1: "Fractional ownership of real-world assets",
    texts: ["$10B+", "10+", "Real estate", "Precious metals", "Equities", "Commodities"],
  },
  {
    path: "/africa",
    h1: "Insurance and finance for Africa, built with Africa",
    texts: [
      "Local partnerships",
      "Community engagement",
      "Sustainable growth",
      "Accessibility",
      "Affordability",
      "Simplicity",
    ],
  },
  {
    path: "/mobile1",
    h1: "Protection and prosperity within everyone's reach",
    texts: [
      "Local partnerships",
      "Community engagement",
      "Sustainable growth",
      "Accessibility",
      "Affordability",
      "Simplicity",
      "Contact Us",
    ],
  },
  {
    path: "/facets-token",
    h1: "FACETS Token",
    texts: [
      "21,000,000",
      "5,250,000",
      "$52.5M",
      "$105M",
      "5,419,355",
      "$19.38",
      "15,919,355",
      "$308,451,614",
      "2,709,677",
      "$77.50",
      "$1,443,871,029",
      "1,354,839",
      "$310.02",
      "$6,196,636,316",
      "677,419",
      "$1,240.00",
      "$25,619,999,600",
      "338,710",
      "$4,960.00",
      "$104,160,000,000",
      "allocated",
      "available",
      "planned",
      "25.8%",
      "1.6%",
      "Tranche 3 is released only if a majority of holders of tranches 1 and 2 vote in favour.",
      "BTC",
      "SOL",
      "USDT",
    ],
  },
  {
    path: "/ip-token",
    h1: "IP and IP Tokens",
    texts: [
      "Fungible IP tokens",
      "Non-fungible IP tokens",
      "Technology and patent licensing",
      "Play the film",
    ],
  },
  {
    path: "/lab-tokens",
    h1: "LAB Tokens",
    texts: ["Motor Lab", "Property Lab", "Health Lab", "Device Lab", "Legal Lab"],
  },
  { path: "/leadership", h1: "Leadership", texts: ["Founder", "Chief Executive"] },
  {
    path: "/engineering",
    h1: "Engineering at FACETS",
    texts: ["Context", "Philosophy", "Blockchain: Solana", "Web2 and web3", "AI and human agents"],
  },
  { path: "/media", h1: "Media", texts: ["Insurance", "(opens in a new tab)"] },
  {
    path: "/pilots-demos",
    h1: "Pilots and Demos",
    texts: ["INSURE", "CAPITAL", "GOLD", "Visit Site", "mostly pilot or demo platforms"],
  },
  {
    path: "/motorclub",
    h1: "The motor club for verified members",
    texts: ["Own", "Trade", "Rent", "Cover", "Finance", "Coming Soon", "Verified members"],
  },
  {
    path: "/propertyclub",
    h1: "The property club for verified members",
    texts: ["Own", "Trade", "Rent", "Cover", "Finance", "Coming Soon", "Verified members"],
  },
  {
    path: "/funeral",
    h1: "Funeral cover from R10 a month",
    texts: [
      "R5,000 cover",
      "R15,000 cover",
      "R25,000 cover",
      "R50,000 cover",
      "R10",
      "R30",
      "R50",
      "R100",
      "waiting period",
    ],
  },
  {
    path: "/facetsre",
    h1: "Reinsurance Reinvented",
    texts: ["$7T", "$700B", "$6.3T", "90%", "100%", "Watch the pitch"],
  },
  { path: "/workzone", h1: "Workzone", texts: ["Private viewing"] },
  { path: "/facets-gold-logo", h1: "FACETS Gold logo", texts: [] },
  {
    path: "/email-dao",
    h1: "FACETS DAO email signature",
    texts: ["Insurance Reinvented. Finance Reimagined."],
  },
  { path: "/email-dao-simple", h1: "FACETS DAO simple email signature", texts: ["FACETS DAO"] },
  { path: "/email", h1: "Personal email signature", texts: ["Your Name"] },
  { path: "/email-image", h1: "FACETS image email signature", texts: [] },
  { path: "/contact", h1: "Get in touch", texts: ["BTC, SOL or USDT", "Area of interest", "Message"] },
  { path: "/login", h1: "Welcome to FACETS", texts: ["Login", "Register"] },
];

describe.each(pages)("$path", ({ path, h1, texts }) => {
  it("answers 200 with one h1, its own title and description, and its figures", async () => {
    const { status, html } = await fetchPage(path);
    expect(status).toBe(200);
    const headings = [...html.matchAll(/<h1\b[^>]*>([\s\S]*?)<\/h1>/g)].map((match) =>
      textOf(match[1] ?? ""),
    );
    expect(headings).toEqual([h1]);
    expect(html).toMatch(/<title>[^<]+<\/title>/);
    expect(html).toMatch(/<meta name="description" content="[^"]{20,}"/);
    const text = textOf(html);
    for (const expected of texts) expect(text).toContain(expected);
  });
});

it("gives every page a title and description of its own", async () => {
  const seen = new Map<string, string>();
  for (const { path } of pages) {
    const { html } = await fetchPage(path);
    const title = /<title>([^<]+)<\/title>/.exec(html)?.[1] ?? "";
    expect(seen.get(title), `${path} repeats the title of ${seen.get(title)}`).toBeUndefined();
    seen.set(title, path);
  }
});
