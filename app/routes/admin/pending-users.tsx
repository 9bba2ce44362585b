import { ActionButton, ListSection, personColumns, useBusyId } from "~/components/admin-lists";
import { OpenLink } from "~/components/workbench/open-link";
import { dashboardHref } from "~/lib/admin-tabs";
import { formatDateTime } from "~/lib/format-date";
import { personPath } from "~/lib/workbench";
import { pageNumber, pendingUsersPage } from "~/server/admin/admin-lists.server";
import { adminOf } from "~/server/http/request-context.server";
import { depsOf } from "~/server/operation.server";
import type { Route } from "./+types/pending-users";

// The Pending Users tab (/admin, /admin?tab=pending): registrations waiting for approval, to approve or
// reject. The admin layout's middleware has checked the caller; adminOf fails if it did not run.

export async function loader({ request, context }: Pick<Route.LoaderArgs, "request" | "context">) {
  adminOf(context);
  const page = pageNumber(new URL(request.url).searchParams.get("page"));
  return { list: await pendingUsersPage(depsOf(context).db, page) };
}

/** A pending registration as the list shows it. */
type Row = Awaited<ReturnType<typeof loader>>["list"]["items"][number];

export function PendingUsersTab({ list }: Awaited<ReturnType<typeof loader>>) {
  const busyId = useBusyId();
  return (
    <ListSection
      id="pending"
      title="Pending Users"
      empty="No pending user registrations."
      list={list}
      href={(page) => dashboardHref("pending", { page })}
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
    />
  );
}
