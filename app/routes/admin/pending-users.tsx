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
import { formatDateTime } from "~/lib/format-date";
import { personPath } from "~/lib/workbench";
import type { loader } from "./pending-users.server";

// The Pending Users tab (/admin, /admin?tab=pending): registrations waiting for approval, oldest first, to
// approve or reject one at a time or many at once. The admin layout's middleware has checked the caller;
// adminOf fails if it did not run.

const BULK_FORM = "bulk-decide";

/** A pending registration as the list shows it. */
type Row = Awaited<ReturnType<typeof loader>>["list"]["items"][number];

const DECISIONS = [
  { value: "approve", label: "Approve" },
  { value: "reject", label: "Reject" },
];

export function PendingUsersTab({ list, upTo, scopes }: Awaited<ReturnType<typeof loader>>) {
  const busyId = useBusyId();
  const here = (after: string | null) => dashboardHref("pending", { after });
  return (
    <ListSection
      id="pending"
      title="Pending Users"
      empty="No pending user registrations."
      list={list}
      pager={<KeysetPager list={list} href={here} />}
      tick={{ form: BULK_FORM, label: (user) => `Tick ${user.firstName} ${user.lastName}` }}
      columns={[
        ...personColumns<Row>(),
        {
          header: "Registered",
          cell: (user) => formatDateTime(user.createdAt),
          className: "whitespace-nowrap",
        },
        {
          header: "Email address",
          cell: (user) => (user.emailConfirmed ? "Confirmed" : "Not confirmed yet"),
        },
      ]}
      actions={(user) => (
        <>
          <OpenLink to={personPath(user.id)} name={user.email} />
          <ActionButton intent="approve" id={user.id} label="Approve" busy={busyId === user.id} />
          <ActionButton intent="reject" id={user.id} label="Reject" busy={busyId === user.id} quiet />
        </>
      )}
    >
      {list.items.length > 0 ? (
        <BulkBar
          id={BULK_FORM}
          label="Decide registrations"
          intent="bulk-decide"
          action={here(null)}
          upTo={upTo}
          scopes={scopes}
          field="decide"
          choices={DECISIONS}
        />
      ) : null}
    </ListSection>
  );
}
