import {
  CHOICE_FILTERS,
  type ChoiceName,
  type ContactFilter,
  type MessageFacets,
} from "~/lib/contact-filter";
import { COUNT_CAP } from "~/lib/counts";
import type { Database } from "../db.server";
import { daysWhere } from "./filter-conditions.server";
import { talliedGroups } from "./message-counts.server";
import { groupedCount, textGroups } from "./message-groups.server";
import { anyStateRows, queueText } from "./queue-text.server";

// The counts beside the queue's filters (Django's list_filter with facets; docs/decisions/156, 170,
// 175): how many messages each choice of each choice filter would list, under every other filter.

/** Each choice of each choice filter, with its count from `count`. */
const facetsOf = (counted: boolean, count: (name: ChoiceName, value: unknown) => number): MessageFacets =>
  Object.fromEntries([
    ["counted", counted],
    ...CHOICE_FILTERS.map(([name, filter]) => [
      name,
      Object.fromEntries(filter.choices.map(({ value }) => [String(value), count(name, value)])),
    ]),
  ]) as MessageFacets;

const UNCOUNTED = facetsOf(false, () => 0);

/**
 * The counts beside the filters. Without a text they are sums over `message_counts`; under a text they
 * are a product choice, as Django's `show_facets`: read only when `asked` ("Show counts"), by one grouped
 * pass over the messages of the filter's days that hold the text in any state, and left out ("No
 * counts") where more than COUNT_CAP do, as the pass would count some of them.
 */
export async function messageFacets(
  db: Database,
  filter: ContactFilter,
  adminId: number,
  { asked }: { asked: boolean },
): Promise<MessageFacets> {
  const text = queueText(filter);
  if (text !== null && !asked) return UNCOUNTED;
  const groups =
    text === null
      ? await talliedGroups(db, filter)
      : await textGroups(db, anyStateRows(text, filter), daysWhere(filter), COUNT_CAP);
  if (text !== null && groups.reduce((sum, group) => sum + group.n, 0) > COUNT_CAP) return UNCOUNTED;
  return facetsOf(true, (name, value) => groupedCount(groups, { ...filter, [name]: value }, adminId));
}
