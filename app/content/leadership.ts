// The leadership page (spec sections 1 and 2): the two leadership roles and what each is responsible for.
// Role-based on purpose: no personal biography is published here.

export interface LeadershipRole {
  role: string;
  /** Shown in the portrait avatar. */
  initials: string;
  summary: string;
  responsibilities: readonly string[];
}

export const leadershipPage = {
  eyebrow: "Company",
  title: "Leadership",
  lead: "FACETS is owned and governed by its community. Its leadership serves the DAO: it proposes, builds and reports, and token holders decide.",
  roles: {
    title: "Leadership roles",
    lead: "Two roles lead the work of the DAO day to day.",
    responsibilitiesLabel: "Responsibilities",
  },
  accountability: {
    title: "Accountable to token holders",
    points: [
      {
        title: "Proposals, not orders",
        body: "Leadership brings proposals to the community; decisions are reached by consensus, in proportion to token holdings.",
      },
      {
        title: "Open records",
        body: "Votes and token movements are recorded on Solana, where anyone can inspect them.",
      },
      {
        title: "Tranche votes",
        body: "Each tranche of the FACETS token after the second is released only if earlier holders vote in favour.",
      },
    ],
  },
  callToAction: {
    title: "Talk to the leadership team",
    lead: "Partners, licensees, regulators and jobseekers can reach the leadership team through the contact form.",
    action: { label: "Contact the leadership team", to: "/contact" },
  },
} as const;

export const leadershipRoles: readonly LeadershipRole[] = [
  {
    role: "Founder",
    initials: "F",
    summary: "Sets the vision of FACETS and stewards its intellectual property and community.",
    responsibilities: [
      "The mission and long-term direction of the DAO",
      "The design of the DAO, IP and LAB tokens",
      "Stewardship of the intellectual property that vests in the DAO",
      "Relations with the community of token holders",
    ],
  },
  {
    role: "Chief Executive",
    initials: "CE",
    summary: "Runs the organisation day to day and brings its platforms to licensees and partners.",
    responsibilities: [
      "Operations, delivery and the engineering and product teams",
      "Licensees, partners and the B2B2C platforms",
      "Dialogue with regulators",
      "Reporting to token holders",
    ],
  },
];
