import { Form } from "react-router";
import { ActionButton, KeysetPager, ListSection, personColumns, useBusyId } from "~/components/admin-lists";
import { dashboardHref } from "~/lib/admin-tabs";
import { contactFilterParams, narrows } from "~/lib/contact-filter";
import { countLabel } from "~/lib/counts";
import { MESSAGE_STATE_LABELS, type MessageState } from "~/lib/message-states";
import { contactFilter, contactsPage } from "~/server/admin/admin-lists.server";
import { messageFacets, newestMessageId } from "~/server/contact/message-queue.server";
import { adminOf } from "~/server/http/request-context.server";
import { depsOf } from "~/server/operation.server";
import type { Route } from "./+types/contacts";
import {
  ageColumn,
  holderColumn,
  messageColumn,
  paymentColumn,
  ReplyLink,
  stateColumn,
} from "./contact-columns";
import { FilterForm, StateViews } from "./contact-filters";

// The Contact Submissions tab (/admin?tab=contacts): the queue of messages (docs/decisions/152). Open ones
// (New and Waiting) oldest first, as the spec's list of unprocessed messages; the filters of the address
// (contact-filters.tsx) with their counts; a row's own buttons; and a bulk move of the ticked rows, or of
// every row the filters select.

const BULK_FORM = "bulk-move";

export async function loader({ request, context }: Pick<Route.LoaderArgs, "request" | "context">) {
  const admin = adminOf(context);
  const { db } = depsOf(context);
  const params = new URL(request.url).searchParams;
  const filter = contactFilter(params);
  const [list, facets, upTo] = await Promise.all([
    contactsPage(db, params, admin.id),
    messageFacets(db, filter, admin.id),
    newestMessageId(db),
  ]);
  return { filter, facets, list, upTo, me: admin.id, now: Date.now() };
}

type Data = Awaited<ReturnType<typeof loader>>;
type Row = Data["list"]["items"][number];

export function ContactsTab({ filter, facets, list, upTo, me, now }: Data) {
  const busyId = useBusyId();
  const here = (after: string | null) => dashboardHref("contacts", { ...contactFilterParams(filter), after });
  return (
    <ListSection
      id="contacts"
      title="Contact Submissions"
      empty={narrows(filter) ? "No message matches these filters." : "No unprocessed contact submissions."}
      list={list}
      pager={<KeysetPager list={list} href={here} />}
      tick={{ form: BULK_FORM, label: (row) => `Tick the message of ${row.firstName} ${row.lastName}` }}
      columns={[
        ageColumn<Row>(now),
        ...personColumns<Row>("name", "email", "area"),
        paymentColumn<Row>(),
        messageColumn<Row>(),
        stateColumn<Row>(),
        holderColumn<Row>(me),
      ]}
      actions={(row) => <RowActions row={row} me={me} busy={busyId === row.id} />}
    >
      <StateViews filter={filter} facets={facets} />
      <FilterForm filter={filter} facets={facets} />
      {list.items.length > 0 ? <BulkBar action={here(null)} total={list.total} upTo={upTo} /> : null}
    </ListSection>
  );
}

/** A row's buttons: the spec's Reply and Mark Processed on an open message, and the workbench's own. */
function RowActions({ row, me, busy }: { row: Row; me: number; busy: boolean }) {
  const open = row.state === "new" || row.state === "waiting";
  return (
    <>
      <ReplyLink contact={row} />
      {open ? <ActionButton intent="process" id={row.id} label="Mark Processed" busy={busy} /> : null}
      {row.state === "new" ? (
        <ActionButton intent="waiting" id={row.id} label="Waiting" busy={busy} quiet />
      ) : null}
      {open ? <ActionButton intent="spam" id={row.id} label="Spam" busy={busy} quiet /> : null}
      {open ? null : <ActionButton intent="reopen" id={row.id} label="Reopen" busy={busy} quiet />}
      {row.claimedBy === me ? (
        <ActionButton intent="release" id={row.id} label="Let go" busy={busy} quiet />
      ) : row.claimedBy === null ? (
        <ActionButton intent="claim" id={row.id} label="Take" busy={busy} quiet />
      ) : null}
    </>
  );
}

const MOVES: MessageState[] = ["done", "waiting", "spam", "new"];

/**
 * The bulk move: the ticked rows (their boxes belong to this form) or every message the filters select
 * that existed when the page was shown (`upto`, the newest id then), to one state. It posts to the list's
 * own address, whose filters are the selection.
 */
function BulkBar({ action, total, upTo }: { action: string; total: number; upTo: number | null }) {
  return (
    <Form
      method="post"
      action={action}
      id={BULK_FORM}
      aria-label="Move messages"
      preventScrollReset
      className="mt-2 flex flex-wrap items-center gap-2 text-sm"
    >
      <input type="hidden" name="intent" value="bulk-move" />
      {upTo === null ? null : <input type="hidden" name="upto" value={upTo} />}
      <fieldset className="flex flex-wrap items-center gap-3">
        <legend className="sr-only">Which messages</legend>
        <label className="flex items-center gap-1">
          <input type="radio" name="scope" value="ticked" defaultChecked /> The ticked ones
        </label>
        <label className="flex items-center gap-1">
          <input type="radio" name="scope" value="matching" /> All {countLabel(total)} matching
        </label>
      </fieldset>
      <span aria-hidden="true">→</span>
      {MOVES.map((state) => (
        <button
          key={state}
          type="submit"
          name="move"
          value={state}
          className="inline-flex min-h-8 items-center rounded-full border border-brand px-3 py-1 font-semibold text-brand hover:bg-brand-soft"
        >
          {MESSAGE_STATE_LABELS[state]}
        </button>
      ))}
    </Form>
  );
}
