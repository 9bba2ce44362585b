// The IP and IP-token page (spec sections 1 and 2): how intellectual property is held, the two kinds
// of IP token, how well-known licensed-IP businesses earn, and the film with its chapters.
import { externalLinks } from "./external-links";

export const ipTokenPage = {
  eyebrow: "IP tokens",
  title: "IP and IP Tokens",
  lead: "Intellectual property vests in the DAO and in IP tokens. Licensees use it; token holders own it.",
  ownership: {
    title: "Intellectual property in the DAO",
    lead: "Intellectual property vests in the DAO and in IP tokens.",
    points: [
      {
        title: "Vested in the DAO",
        body: "The platforms, front-end webapps and product designs FACETS builds belong to the DAO, not to any one company or person.",
      },
      {
        title: "Held through IP tokens",
        body: "IP tokens record shares in that intellectual property on Solana, so who holds what is open to inspection.",
      },
      {
        title: "Licensed, not sold",
        body: "Licensees pay nominal implementation fees and revenue-based fees. Their licences include front-end webapps.",
      },
    ],
  },
  kinds: {
    title: "Two kinds of IP token",
    lead: "IP tokens come in two forms: fungible and non-fungible.",
    items: [
      {
        title: "Fungible IP tokens",
        body: "Interchangeable tokens: each one stands for an equal share of a body of intellectual property, such as a product platform and its licences.",
      },
      {
        title: "Non-fungible IP tokens",
        body: "Unique tokens: each one stands for a single identified asset, such as one design, one software module or one brand.",
      },
    ],
  },
  comparisons: {
    title: "How licensed-IP businesses work",
    lead: "Some of the world's best-known companies earn by licensing intellectual property rather than by making or selling everything themselves.",
  },
  facetsModel: {
    title: "The FACETS model",
    points: [
      {
        title: "What is licensed",
        body: "Insurance and finance platforms, including their front-end webapps.",
      },
      { title: "Who owns the IP", body: "The DAO and the holders of IP tokens." },
      { title: "What licensees pay", body: "Nominal implementation fees and revenue-based fees." },
    ],
  },
  film: {
    title: "The IP token film",
    lead: "A walk through intellectual property, IP tokens and licensing. Choose a chapter to start there.",
    videoTitle: "IP and IP tokens at FACETS",
    playLabel: "Play the film",
    stopLabel: "Close the player",
    chaptersTitle: "Chapters",
    privacyNote:
      "The film plays from YouTube's privacy-enhanced service (youtube-nocookie.com). Nothing loads from YouTube until you press play or choose a chapter.",
  },
  callToAction: {
    title: "Licensing opportunities",
    lead: "Interested in licensing a FACETS platform or in IP tokens? Tell us through the contact form.",
    action: { label: "Contact us about licensing", to: "/contact" },
  },
} as const;

export interface LicensedIpCompany {
  name: string;
  /** What the company licenses to others. */
  licensed: string;
  /** How it earns from the licence. */
  model: string;
}

export interface LicensingComparison {
  id: string;
  caption: string;
  companies: readonly LicensedIpCompany[];
}

/** Well-known licensed-IP business models, in three families. */
export const licensingComparisons: readonly LicensingComparison[] = [
  {
    id: "technology",
    caption: "Technology and patent licensing",
    companies: [
      {
        name: "Arm",
        licensed: "Processor architectures and CPU core designs, licensed to chip makers",
        model: "Upfront licence fees plus a royalty on every chip shipped",
      },
      {
        name: "Qualcomm",
        licensed: "Patents essential to 3G, 4G and 5G cellular standards",
        model: "Royalties on each device sold, set as a share of the device's selling price",
      },
      {
        name: "Dolby Laboratories",
        licensed: "Audio and imaging technologies such as Dolby Atmos and Dolby Vision",
        model: "Per-unit royalties from makers of TVs, phones, computers and other devices",
      },
      {
        name: "InterDigital",
        licensed: "Patents for wireless and video technologies",
        model: "Patent licences with fixed fees or per-unit royalties, mainly from phone and TV makers",
      },
    ],
  },
  {
    id: "brands",
    caption: "Brand and character licensing",
    companies: [
      {
        name: "The Walt Disney Company",
        licensed: "Characters and franchises, from Mickey Mouse to Star Wars and Marvel",
        model: "Royalties on licensees' merchandise sales, often with minimum guarantees",
      },
      {
        name: "Sanrio",
        licensed: "Hello Kitty and its other characters",
        model: "Royalties from manufacturers and retailers that use the characters",
      },
      {
        name: "Authentic Brands Group",
        licensed: "Fashion, sports and entertainment brands such as Reebok and Brooks Brothers",
        model:
          "Owns the brands and licenses them to operating partners for royalties, without running the shops",
      },
    ],
  },
  {
    id: "franchising",
    caption: "Franchising: licensing a whole business system",
    companies: [
      {
        name: "McDonald's",
        licensed: "Its restaurant brand and operating system",
        model: "Franchisees pay an initial fee, rent and a royalty on sales",
      },
      {
        name: "Marriott International",
        licensed: "Hotel brands with their reservation and loyalty systems",
        model: "Franchise and management fees based on hotel revenues",
      },
      {
        name: "Subway",
        licensed: "Its sandwich-shop brand, recipes and methods",
        model: "A franchise fee, then royalty and advertising fees as a share of sales",
      },
    ],
  },
];

export interface FilmChapter {
  /** Start of the chapter, in seconds from the beginning of the film. */
  start: number;
  title: string;
}

export const filmChapters: readonly FilmChapter[] = [
  { start: 0, title: "Introduction" },
  { start: 45, title: "What intellectual property is" },
  { start: 130, title: "How IP vests in the DAO" },
  { start: 225, title: "Fungible IP tokens" },
  { start: 330, title: "Non-fungible IP tokens" },
  { start: 440, title: "Licensing and revenue" },
  { start: 555, title: "Questions and next steps" },
];

/** The privacy-enhanced embed address of the film, starting at `start` seconds. */
export function filmEmbedUrl(start: number): string {
  return `https://www.youtube-nocookie.com/embed/${externalLinks.ipTokenVideo}?start=${start}&autoplay=1`;
}
