import { useActionData } from "react-router";
import {
  ActionButton,
  BulkBar,
  KeysetPager,
  ListSection,
  OpenLink,
  personColumns,
  ReplyByEmailLink,
  ReplyLink,
  RowMenu,
  useBusyId,
} from "~/components/admin-lists";
import { dashboardHref } from "~/lib/admin-tabs";
import { BULK_MOVES, isClosedState, isClosedView, movesOf } from "~/lib/message-states";
import { messagePath } from "~/lib/workbench";
import type { AdminAnswer } from "./admin-intents.server";
import {
  ageColumn,
  closedColumns,
  holderColumn,
  messageColumn,
  paymentColumn,
  stateColumn,
} from "./contact-columns";
import { FilterForm, StateViews } from "./contact-filters";
import type { loader } from "./contacts.server";

// The Contact Submissions tab (/admin?tab=contacts): the queue of messages (docs/decisions/152). Open ones
// (New and Waiting) oldest first, as the spec's list of unprocessed messages; the filters of the address
// (contact-filters.tsx) with their counts; a row's own buttons; and a bulk move of the ticked rows, of
// every row the filters select, or of those but the ticked, confirmed first and undone after (decision 177).
// The scope chosen stays: the last move's answer names it, and the list's address and links carry it. The
// move's answer (its confirmation, its undo) is the dashboard's (bulk-answers.tsx).

const BULK_FORM = "bulk-move";

type Data = Awaited<ReturnType<typeof loader>>;
type Row = Data["list"]["items"][number];

export function ContactsTab({
  filter,
  view,
  list,
  upTo,
  scopes,
  scope: asked,
  senders,
  textNote,
  back,
  me,
  now,
}: Data) {
  const busyId = useBusyId();
  // The scope the last move chose, else the address's (which the list's links carry).
  const scope = useActionData<AdminAnswer>()?.bulk?.scope ?? asked;
  const here = (after: string | null) => dashboardHref("contacts", { ...view.params, after });
  return (
    <ListSection
      id="contacts"
      title="Contact Submissions"
      empty={view.narrowed ? "No message matches these filters." : "No unprocessed contact submissions."}
      list={list}
      pager={<KeysetPager list={list} href={here} />}
      beside={<StateViews view={view} />}
      tick={{ form: BULK_FORM, label: (row) => `Tick the message of ${row.firstName} ${row.lastName}` }}
      columns={[
        ...personColumns<Row>("name"),
        ageColumn<Row>(now),
        ...personColumns<Row>("email", "area"),
        paymentColumn<Row>(),
        messageColumn<Row>(),
        stateColumn<Row>(senders),
        ...(isClosedView(filter.state) ? closedColumns<Row>() : [holderColumn<Row>(me)]),
      ]}
      actions={(row) => <RowActions row={row} me={me} busy={busyId === row.id} back={back} />}
    >
      <FilterForm view={view} textNote={textNote} scope={scope} />
      {list.items.length > 0 ? (
        <BulkBar
          id={BULK_FORM}
          label="Move messages"
          intent="bulk-move"
          action={here(null)}
          upTo={upTo}
          field="move"
          choices={BULK_MOVES}
          scopes={scopes}
          scope={scope}
        />
      ) : null}
    </ListSection>
  );
}

/**
 * A row's buttons: Open, Reply (the message page's reply form), the first move its state offers (Mark
 * Processed on an open message), and the others under "More" (a popover, so it opens without JavaScript
 * too and no scroll box clips it), the spec's mail draft last, which keeps each row one line.
 */
function RowActions({ row, me, busy, back }: { row: Row; me: number; busy: boolean; back: string }) {
  const { main, more } = movesOf(row.state);
  const quiet = isClosedState(row.state);
  return (
    <>
      <OpenLink to={messagePath(row.id, null, back)} name={`message from ${row.email}`} />
      <ReplyLink id={row.id} name={`${row.firstName} ${row.lastName}`} back={back} />
      {main ? (
        <ActionButton
          intent={main.action}
          id={row.id}
          label={main.button}
          busy={busy}
          quiet={quiet}
          shortcut={main.key}
        />
      ) : null}
      <RowMenu id={`contacts-more-${row.id}`} name={`${row.firstName} ${row.lastName}`}>
        {more.map((move) => (
          <ActionButton
            key={move.action}
            intent={move.action}
            id={row.id}
            label={move.button}
            busy={busy}
            quiet
            shortcut={move.key}
          />
        ))}
        {row.claimedBy === me ? (
          <ActionButton intent="release" id={row.id} label="Let go" busy={busy} quiet />
        ) : row.claimedBy === null ? (
          <ActionButton intent="claim" id={row.id} label="Take" busy={busy} quiet />
        ) : null}
        <ReplyByEmailLink contact={row} />
      </RowMenu>
    </>
  );
}
