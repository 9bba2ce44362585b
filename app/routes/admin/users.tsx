import {
  ActionButton,
  KeysetPager,
  ListSection,
  OpenLink,
  personColumns,
  RowMenu,
  useBusyId,
} from "~/components/admin-lists";
import { dashboardHref } from "~/lib/admin-tabs";
import { formatDateTime } from "~/lib/format-date";
import { personPath } from "~/lib/workbench";
import type { loader } from "./users.server";

// The Users tab (/admin?tab=users[&after=…], paged by keyset): approved accounts, to deactivate or reactivate, sign out everywhere, or
// reset their second factors (never one's own); the last two under a row's "More", so a row fits a line.

/** An approved account as the list shows it. */
type Row = Awaited<ReturnType<typeof loader>>["list"]["items"][number];

export function UsersTab({ adminId, list }: Awaited<ReturnType<typeof loader>>) {
  const busyId = useBusyId();
  return (
    <ListSection
      id="users"
      title="Users"
      empty="No approved accounts yet."
      list={list}
      pager={<KeysetPager list={list} href={(after) => dashboardHref("users", { after })} />}
      columns={[
        ...personColumns<Row>(),
        {
          header: "Approved",
          cell: (user) => formatDateTime(user.approvedAt),
          className: "whitespace-nowrap",
        },
        { header: "Status", cell: (user) => (user.isActive ? "Active" : "Deactivated") },
      ]}
      actions={(user) =>
        user.id === adminId ? null : (
          <>
            <OpenLink to={personPath(user.id)} name={user.email} />
            {user.isActive ? (
              <ActionButton
                intent="deactivate"
                id={user.id}
                label="Deactivate"
                busy={busyId === user.id}
                quiet
              />
            ) : (
              <ActionButton intent="reactivate" id={user.id} label="Reactivate" busy={busyId === user.id} />
            )}
            <RowMenu id={`users-more-${user.id}`} name={`${user.firstName} ${user.lastName}`}>
              <ActionButton
                intent="end-sessions"
                id={user.id}
                label="Sign out everywhere"
                busy={busyId === user.id}
                quiet
              />
              <ActionButton
                intent="reset-second-factors"
                id={user.id}
                label="Reset second factors"
                busy={busyId === user.id}
                quiet
              />
            </RowMenu>
          </>
        )
      }
    />
  );
}
