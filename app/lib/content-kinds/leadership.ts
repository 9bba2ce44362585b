import { type LeadershipRole, leadershipRoles } from "~/content/leadership";
import { defineKind } from "./kind";

/** The leadership page's roles (spec sections 1 and 2): the people's roles, summaries and duties. */
export const leadershipKind = defineKind<{ roles: readonly LeadershipRole[] }>({
  name: "leadership",
  title: "Leadership",
  paths: ["/leadership"],
  fields: {
    roles: {
      type: "list",
      label: "Roles",
      itemLabel: "Role",
      min: 1,
      max: 6,
      item: {
        role: { type: "text", label: "Role", max: 60 },
        initials: { type: "text", label: "Initials", max: 3 },
        summary: { type: "text", label: "Summary", max: 300, multiline: true },
        responsibilities: { type: "lines", label: "Responsibilities", max: 160, maxLines: 8 },
      },
    },
  },
  seed: { roles: leadershipRoles },
});
