import { PILOT_GROUP_NAMES, PILOT_KINDS, type PilotGroup, pilotGroups } from "~/content/pilots-demos";
import { CONTENT_URL_MAX } from "./fields";
import { defineKind, duplicatesIn } from "./kind";

/** The pilot and demo sites, in their groups (spec section 2). */
export const pilotsKind = defineKind<{ groups: readonly PilotGroup[] }>({
  name: "pilots",
  title: "Pilot sites",
  paths: ["/pilots-demos"],
  fields: {
    groups: {
      type: "list",
      label: "Groups",
      itemLabel: "Group",
      min: 1,
      max: PILOT_GROUP_NAMES.length,
      item: {
        name: { type: "choice", label: "Group", options: PILOT_GROUP_NAMES },
        lead: { type: "text", label: "Lead", max: 200 },
        sites: {
          type: "list",
          label: "Sites",
          itemLabel: "Site",
          min: 1,
          max: 8,
          item: {
            name: { type: "text", label: "Name", max: 80 },
            kind: { type: "choice", label: "Kind", options: PILOT_KINDS },
            description: { type: "text", label: "Description", max: 300, multiline: true },
            url: { type: "url", label: "Address", max: CONTENT_URL_MAX },
          },
        },
      },
    },
  },
  rules: ({ groups }) => ({
    ...duplicatesIn(
      groups,
      (group) => group.name,
      (index) => `groups.${index}.name`,
      "Each group appears once.",
    ),
    ...Object.assign(
      {},
      ...groups.map((group, at) =>
        duplicatesIn(
          group.sites,
          (site) => site.url,
          (index) => `groups.${at}.sites.${index}.url`,
          "Another site of this group has this address.",
        ),
      ),
    ),
  }),
  seed: { groups: pilotGroups },
});
