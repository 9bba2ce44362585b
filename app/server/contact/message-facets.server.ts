import { publicUserTypes } from "~/content/user-types";
import type { ContactFilter, MessageFacets } from "~/lib/contact-filter";
import { COUNT_CAP } from "~/lib/counts";
import { STATE_VIEWS } from "~/lib/message-states";
import { PAYMENT_METHODS } from "~/lib/payment-methods";
import type { Database } from "../db.server";
import { talliedGroups } from "./message-counts.server";
import { groupedCount, textGroups } from "./message-groups.server";
import { daysWhere } from "./message-queue.server";
import { COUNT_READS, pastCountReads, type QueueText, textRows } from "./queue-text.server";

// The counts beside the queue's filters (Django's list_filter with facets; docs/decisions/156, 158, 161):
// how many messages each value of each filter would list, under every other filter.

const UNCOUNTED: MessageFacets = {
  counted: false,
  state: { open: 0, new: 0, waiting: 0, done: 0, spam: 0 },
  area: {},
  payment: { BTC: 0, SOL: 0, USDT: 0 },
  holder: { me: 0, nobody: 0 },
};

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
  const days = filter.from !== null || filter.to !== null;
  const any = text && { ...text.anyState, words: text.words };
  if (any !== null && (pastCountReads(any) || (!days && any.held > COUNT_CAP))) return UNCOUNTED;
  const groups =
    any === null
      ? await talliedGroups(db, filter)
      : await textGroups(
          db,
          textRows(any, filter, daysWhere(filter.from, filter.to), COUNT_READS),
          COUNT_CAP,
        );
  if (filter.query !== null && groups.reduce((sum, group) => sum + group.n, 0) > COUNT_CAP) return UNCOUNTED;
  const count = (change: Partial<ContactFilter>) => groupedCount(groups, { ...filter, ...change }, adminId);
  const tally = <K extends string | number>(keys: readonly K[], change: (key: K) => Partial<ContactFilter>) =>
    Object.fromEntries(keys.map((key) => [key, count(change(key))])) as Record<K, number>;
  return {
    counted: true,
    state: tally(STATE_VIEWS, (state) => ({ state })),
    area: tally(
      publicUserTypes.map((type) => type.id),
      (area) => ({ area }),
    ),
    payment: tally(PAYMENT_METHODS, (payment) => ({ payment })),
    holder: { me: count({ holder: "me" }), nobody: count({ holder: "nobody" }) },
  };
}
