import {
  ActionButton,
  BulkBar,
  KeysetPager,
  ListSection,
  OpenLink,
  personColumns,
  useBusyId,
} from "~/components/admin-lists";
import { dashboardHref } from "~/lib/admin-tabs";
import { contactFilterParams, narrows } from "~/lib/contact-filter";
import { SHOW_COUNTS } from "~/lib/counts";
import { BULK_MOVES, isClosedState, isClosedView, movesOf } from "~/lib/message-states";
import { messagePath } from "~/lib/workbench";
import {
  ageColumn,
  closedColumns,
  holderColumn,
  messageColumn,
  paymentColumn,
  ReplyLink,
  stateColumn,
} from "./contact-columns";
import { FilterForm, StateViews } from "./contact-filters";
import type { loader } from "./contacts.server";

// The Contact Submissions tab (/admin?tab=contacts): the queue of messages (docs/decisions/152). Open ones
// (New and Waiting) oldest first, as the spec's list of unprocessed messages; the filters of the address
// (contact-filters.tsx) with their counts; a row's own buttons; and a bulk move of the ticked rows, or of
// every row the filters select.

const BULK_FORM = "bulk-move";

type Data = Awaited<ReturnType<typeof loader>>;
type Row = Data["list"]["items"][number];

export function ContactsTab({ filter, facets, showCounts, list, upTo, textNote, me, now }: Data) {
  const busyId = useBusyId();
  const counts = showCounts ? { [SHOW_COUNTS.param]: SHOW_COUNTS.value } : {};
  const here = (after: string | null) =>
    dashboardHref("contacts", { ...contactFilterParams(filter), ...counts, after });
  return (
    <ListSection
      id="contacts"
      title="Contact Submissions"
      empty={narrows(filter) ? "No message matches these filters." : "No unprocessed contact submissions."}
      list={list}
      pager={<KeysetPager list={list} href={here} />}
      beside={<StateViews filter={filter} facets={facets} showCounts={showCounts} />}
      tick={{ form: BULK_FORM, label: (row) => `Tick the message of ${row.firstName} ${row.lastName}` }}
      columns={[
        ageColumn<Row>(now),
        ...personColumns<Row>("name", "email", "area"),
        paymentColumn<Row>(),
        messageColumn<Row>(),
        stateColumn<Row>(),
        ...(isClosedView(filter.state) ? closedColumns<Row>() : [holderColumn<Row>(me)]),
      ]}
      actions={(row) => <RowActions row={row} me={me} busy={busyId === row.id} />}
    >
      <FilterForm filter={filter} facets={facets} showCounts={showCounts} textNote={textNote} />
      {list.items.length > 0 ? (
        <BulkBar
          id={BULK_FORM}
          label="Move messages"
          intent="bulk-move"
          action={here(null)}
          total={list.total}
          upTo={upTo}
          field="move"
          choices={BULK_MOVES}
        />
      ) : null}
    </ListSection>
  );
}

/**
 * A row's buttons: the spec's Reply, the first move its state offers (Mark Processed on an open message),
 * and the others under "More" (a disclosure, so it opens without JavaScript too), which keeps each row one
 * line.
 */
function RowActions({ row, me, busy }: { row: Row; me: number; busy: boolean }) {
  const { main, more } = movesOf(row.state);
  const quiet = isClosedState(row.state);
  return (
    <>
      <OpenLink to={messagePath(row.id)} name={`message from ${row.email}`} />
      <ReplyLink contact={row} />
      {main ? (
        <ActionButton intent={main.action} id={row.id} label={main.button} busy={busy} quiet={quiet} />
      ) : null}
      <details className="relative">
        <summary className="inline-flex min-h-6 cursor-pointer items-center rounded-full border border-line px-2.5 py-0.5 text-xs font-semibold">
          More<span className="sr-only">{` for ${row.firstName} ${row.lastName}`}</span>
        </summary>
        <div className="absolute right-0 z-20 mt-1 flex flex-col gap-1 rounded-lg border border-line bg-surface p-2 shadow-md">
          {more.map((move) => (
            <ActionButton
              key={move.action}
              intent={move.action}
              id={row.id}
              label={move.button}
              busy={busy}
              quiet
            />
          ))}
          {row.claimedBy === me ? (
            <ActionButton intent="release" id={row.id} label="Let go" busy={busy} quiet />
          ) : row.claimedBy === null ? (
            <ActionButton intent="claim" id={row.id} label="Take" busy={busy} quiet />
          ) : null}
        </div>
      </details>
    </>
  );
}
