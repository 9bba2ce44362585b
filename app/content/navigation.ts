import { externalLinks } from "./external-links";

export interface NavLinkItem {
  label: string;
  to: string;
}

/** Header links in the spec's order; Login, Contact, Admin and Logout depend on who is signed in. */
export const headerLinks: readonly NavLinkItem[] = [
  { label: "Home", to: "/" },
  { label: "Engineering", to: "/engineering" },
  { label: "DAO Token", to: "/facets-token" },
  { label: "IP Token", to: "/ip-token" },
  { label: "LAB Token", to: "/lab-tokens" },
  { label: "Media", to: "/media" },
];

export const footerGroups: readonly { title: string; links: readonly NavLinkItem[] }[] = [
  {
    title: "Platforms",
    links: [
      { label: "Insure", to: "/insure" },
      { label: "Capital", to: "/capital" },
      { label: "Gold", to: "/gold" },
      { label: "Africa", to: "/africa" },
      { label: "Motor Club", to: "/motorclub" },
      { label: "Property Club", to: "/propertyclub" },
    ],
  },
  {
    title: "Company",
    links: [
      { label: "DAO-token", to: "/facets-token" },
      { label: "IP-token", to: "/ip-token" },
      { label: "LAB-token", to: "/lab-tokens" },
      { label: "Leadership", to: "/leadership" },
      { label: "Engineering", to: "/engineering" },
    ],
  },
  {
    title: "Resources",
    links: [
      { label: "Media", to: "/media" },
      { label: "Contact", to: "/contact" },
      { label: "Privacy", to: "/privacy" },
    ],
  },
];

export const footerExternal = {
  social: externalLinks.social,
  email: externalLinks.contactEmail,
  tokenExplorer: externalLinks.tokenExplorer,
  copyright: "© 2025 FACETS DAO. All rights reserved.",
} as const;

/** The active-link rule of the spec: home only on exactly "/", the others by path prefix. */
export function isActivePath(linkPath: string, currentPath: string): boolean {
  if (linkPath === "/") return currentPath === "/";
  return currentPath === linkPath || currentPath.startsWith(`${linkPath}/`);
}
