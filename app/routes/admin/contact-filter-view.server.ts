import { dashboardHref } from "~/lib/admin-tabs";
import {
  CHOICE_FILTERS,
  type ChoiceName,
  CONTACT_FILTERS,
  type ContactFilter,
  contactFilterParams,
  type MessageFacets,
  narrows,
} from "~/lib/contact-filter";
import { countLabel, SHOW_COUNTS } from "~/lib/counts";
import { type AnyChoice, entriesOf } from "~/lib/list-filters";

// The queue's filters as the Contact Submissions tab draws them (contact-filters.tsx), made here from
// their declarations (lib/contact-filter.ts) and counts: links, fields, words and addresses, so the tab's
// JavaScript carries the view and none of the table, its parser or its counting.

export interface FilterLink {
  label: string;
  href: string;
  current: boolean;
}

export type FilterField =
  | { kind: "text"; param: string; label: string; value: string; maxLength: number }
  | { kind: "day"; param: string; label: string; value: string }
  | { kind: "hidden"; param: string; value: string }
  | {
      kind: "select";
      param: string;
      label: string;
      value: string;
      wide: boolean;
      options: { value: string; label: string }[];
    };

export interface FilterView {
  /** The filters shown as links above the list (the states), each choice with its count. */
  links: { label: string; choices: FilterLink[] }[];
  /** The form's fields, in the table's order, the counts asked for kept as a hidden field. */
  fields: FilterField[];
  /** The list's own query (its filters, and the counts when asked for): its pages, bulk form and links. */
  params: Record<string, string | number | null>;
  /** Whether anything narrows the open messages (the spec's empty state is for the plain list). */
  narrowed: boolean;
  /** Where the counts under a text are asked for, when they were not read. */
  showCountsHref: string | null;
}

/** " (12)" after a value, when the counts were counted ("not counted" where one asked for was not). */
const counted = (facets: MessageFacets, count: number | null = 0) =>
  facets.counted ? ` (${count === null ? "not counted" : countLabel(count)})` : "";

/**
 * The queue's address for a filter, asking for the counts beside it under a text when `showCounts`, and
 * with what the list carries beside its filters (`carry`: the bulk bar's scope, decision 177).
 */
const paramsOf = (filter: ContactFilter, showCounts: boolean, carry: Record<string, string>) => ({
  ...contactFilterParams(filter),
  [SHOW_COUNTS.param]: showCounts && filter.query !== null ? SHOW_COUNTS.value : null,
  ...carry,
});

export function filterView(
  filter: ContactFilter,
  facets: MessageFacets,
  showCounts: boolean,
  carry: Record<string, string> = {},
): FilterView {
  const hrefOf = (shown: ContactFilter, counts: boolean) =>
    dashboardHref("contacts", paramsOf(shown, counts, carry));
  const links = CHOICE_FILTERS.filter(([, declared]) => declared.shown === "links").map(
    ([name, declared]) => ({
      label: declared.label,
      choices: [
        // A filter whose fallback is no choice (Links) has its "Any" first; the states' fallback is Open.
        ...(declared.anyLabel === undefined
          ? []
          : [
              {
                label: declared.anyLabel,
                href: hrefOf({ ...filter, [name]: declared.fallback }, showCounts),
                current: filter[name] === declared.fallback,
              },
            ]),
        ...declared.choices.map(({ value, label }) => ({
          label: `${label}${counted(facets, facets[name][String(value)])}`,
          href: hrefOf({ ...filter, [name]: value }, showCounts),
          current: filter[name] === value,
        })),
      ],
    }),
  );
  const fields: FilterField[] = [];
  if (showCounts) fields.push({ kind: "hidden", param: SHOW_COUNTS.param, value: SHOW_COUNTS.value });
  for (const [name, declared] of entriesOf(CONTACT_FILTERS)) {
    const value = filter[name] === null ? "" : String(filter[name]);
    if (declared.kind === "text") {
      fields.push({
        kind: "text",
        param: declared.param,
        label: declared.label,
        value,
        maxLength: declared.maxLength,
      });
    } else if (declared.kind === "day") {
      fields.push({ kind: "day", param: declared.param, label: declared.label, value });
    } else if (declared.shown === "links") {
      if (filter[name] !== declared.fallback) fields.push({ kind: "hidden", param: declared.param, value });
    } else {
      const counts = facets[name as ChoiceName];
      fields.push({
        kind: "select",
        param: declared.param,
        label: declared.label,
        value,
        wide: declared.wide ?? false,
        options: [
          { value: "", label: declared.anyLabel ?? "Any" },
          ...declared.choices.map((choice: AnyChoice["choices"][number]) => ({
            value: String(choice.value),
            label: `${choice.label}${counted(facets, counts[String(choice.value)])}`,
          })),
        ],
      });
    }
  }
  return {
    links,
    fields,
    params: {
      ...contactFilterParams(filter),
      ...(showCounts ? { [SHOW_COUNTS.param]: SHOW_COUNTS.value } : {}),
      ...carry,
    },
    narrowed: narrows(filter),
    showCountsHref: facets.counted ? null : hrefOf(filter, true),
  };
}
