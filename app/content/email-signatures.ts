// The staff email signatures (spec section 2: /email-dao, /email-dao-simple, /email, /email-image).
// A page shows the images from its own origin (its CSP allows no other); the HTML it offers to copy
// makes their paths absolute on the site's production origin (SITE_ORIGIN), so a pasted signature
// still finds them.

import { externalLinks } from "./external-links";

export type SignatureVariant = "dao" | "daoSimple" | "personal" | "image";

export interface SignatureImage {
  /** The drawing, offered for download. */
  svg: string;
  /**
   * The same at twice its size (scripts/signature-images.ts draws it): what the signature shows, since
   * most mail clients show no SVG.
   */
  png: string;
  /** The display size, half the PNG's. */
  width: number;
  height: number;
  alt: string;
}

type SocialName = (typeof externalLinks.social)[number]["name"];

export interface SignatureOrganisation {
  name: string;
  tagline: string;
  descriptor: string;
  email: string;
  /** The links under the DAO signature, by name in externalLinks.social. */
  socialNames: readonly SocialName[];
  logo: SignatureImage;
  image: SignatureImage;
}

export const signatureOrganisation: SignatureOrganisation = {
  name: "FACETS DAO",
  tagline: "Insurance Reinvented. Finance Reimagined.",
  descriptor: "AI and blockchain-native insurance and finance on Solana",
  email: externalLinks.contactEmail,
  socialNames: ["X (Twitter)", "LinkedIn", "Telegram"],
  logo: { svg: "/favicon.svg", png: "/email/facets-logo.png", width: 48, height: 48, alt: "FACETS" },
  image: {
    svg: "/email/facets-signature.svg",
    png: "/email/facets-signature.png",
    width: 600,
    height: 150,
    alt: "FACETS DAO: Insurance Reinvented. Finance Reimagined.",
  },
};

/** The personal template's placeholders, and the role titles staff sign with. */
export const signaturePerson = {
  name: "Your Name",
  role: "Your Role",
  email: "your.name@facets.example",
  roles: [
    "Founder",
    "Chief Executive",
    "Community Manager",
    "Partnerships Lead",
    "Licensing Lead",
    "Engineering Lead",
  ],
} as const;

export interface SignaturePage {
  path: string;
  /** The page's h1 and the name other signature pages link it by. */
  title: string;
  description: string;
  lead: string;
  /** The image in the signature, offered for download as PNG and SVG. */
  image?: SignatureImage;
}

export const signaturePages = {
  dao: {
    path: "/email-dao",
    title: "FACETS DAO email signature",
    description: "The full FACETS DAO email signature, with logo, tagline and links, ready to copy.",
    lead: "The full signature: the FACETS mark, our tagline, the website, the contact address and our channels.",
    image: signatureOrganisation.logo,
  },
  daoSimple: {
    path: "/email-dao-simple",
    title: "FACETS DAO simple email signature",
    description: "The text-only FACETS DAO email signature, ready to copy.",
    lead: "Text only, for plain-text mail and for clients that block images.",
  },
  personal: {
    path: "/email",
    title: "Personal email signature",
    description: "A plain personal email signature template for FACETS team members, ready to copy.",
    lead: "A plain template for your own name and role at FACETS.",
  },
  image: {
    path: "/email-image",
    title: "FACETS image email signature",
    description: "The image-only FACETS email signature, ready to copy.",
    lead: "A single banner image that links to our website.",
    image: signatureOrganisation.image,
  },
} as const satisfies Record<SignatureVariant, SignaturePage>;

export const signatureInstructions = {
  eyebrow: "Email signatures",
  title: "Copy the signature",
  lead: "Select the signature below and copy it into your email client's signature settings.",
  steps: [
    "Select the whole signature in the box below, from its first line to its last.",
    "Copy it (Ctrl+C, or Cmd+C on a Mac).",
    "Open your email client's signature settings, paste it (Ctrl+V or Cmd+V) and save.",
  ],
  personalNote: "Replace Your Name, Your Role and the address with your own before you save.",
  rolesLabel: "Role titles in use",
  linksNote: "Links in the signature open in a new tab.",
  signatureLabel: "Signature",
  downloadNote:
    "The signature shows this image as a PNG, because most mail clients do not show SVG. To upload it yourself:",
  downloadPng: "Download PNG",
  downloadSvg: "Download SVG",
  htmlLabel: "Signature HTML",
  htmlNote:
    "For mail clients that take a signature as HTML source: copy all of it. Its links and images point at our live website.",
  otherTitle: "Other signatures",
} as const;
