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
import { COUNT_READS, pastCountReads, type QueueText, textRows } from "./queue-text.server";

// The counts beside the queue's filters (Django's list_filter with facets; docs/decisions/156, 158, 161,
// 170): how many messages each choice of each choice filter would list, under every other filter.

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

export async function messageFacets(
  db: Database,
  filter: ContactFilter,
  adminId: number,
  text: QueueText | null,
): Promise<MessageFacets> {
  // Past the cap under a text, the counts would be of some of the messages: none is shown. The index
  // alone often says so (past COUNT_READS, or past the cap where no days narrow it); else one grouped
  // pass over the messages that hold the text, up to the cap.
  // The counts beside the states read the text in every state (QueueText.anyState).
  const days = daysWhere(filter) !== undefined;
  const any = text && { ...text.anyState, words: text.words };
  if (any !== null && (pastCountReads(any) || (!days && any.held > COUNT_CAP))) return UNCOUNTED;
  const groups =
    any === null
      ? await talliedGroups(db, filter)
      : await textGroups(db, textRows(any, filter, daysWhere(filter), COUNT_READS), COUNT_CAP);
  if (filter.query !== null && groups.reduce((sum, group) => sum + group.n, 0) > COUNT_CAP) return UNCOUNTED;
  return facetsOf(true, (name, value) => groupedCount(groups, { ...filter, [name]: value }, adminId));
}
