import { ActionButton, ListSection, PersonSummary, useBusyId } from "~/components/admin-lists";
import { dashboardHref } from "~/lib/admin-tabs";
import { formatDateTime } from "~/lib/format-date";
import { type AdminIntent, answerAdminIntent } from "~/routes/admin/admin-intents.server";
import { approveUser, rejectUser } from "~/server/admin/admin-actions.server";
import { pageNumber, pendingUsersPage } from "~/server/admin/admin-lists.server";
import { readForm } from "~/server/http/form-door.server";
import { adminOf } from "~/server/http/request-context.server";
import { callerOf, depsOf } from "~/server/operation.server";
import type { Route } from "./+types/pending-users";

// The Pending Users tab (/admin, /admin?tab=pending): registrations waiting for approval, to approve or
// reject. The admin layout's middleware has checked the caller; adminOf fails if it did not run.

/** The intents this tab's buttons post; the dashboard hands them to this module's action. */
export const intents = ["approve", "reject"] as const;

const INTENTS = {
  approve: {
    run: approveUser,
    done: { title: "User Approved", description: "User has been successfully approved." },
    failed: "Failed to approve user.",
  },
  reject: {
    run: rejectUser,
    done: { title: "User Rejected", description: "The registration was rejected; it can never log in." },
    failed: "Failed to reject user.",
  },
} satisfies Record<(typeof intents)[number], AdminIntent>;

export async function loader({ request, context }: Pick<Route.LoaderArgs, "request" | "context">) {
  adminOf(context);
  const page = pageNumber(new URL(request.url).searchParams.get("page"));
  return { list: await pendingUsersPage(depsOf(context).db, page) };
}

export async function action({
  request,
  context,
  url,
}: Pick<Route.ActionArgs, "request" | "context" | "url">) {
  adminOf(context);
  const form = await readForm(request);
  return answerAdminIntent(depsOf(context), callerOf(context, request), form, INTENTS, url);
}

export function PendingUsersTab({ list }: Awaited<ReturnType<typeof loader>>) {
  const busyId = useBusyId();
  return (
    <ListSection
      id="pending"
      title="Pending Users"
      empty="No pending user registrations."
      list={list}
      href={(page) => dashboardHref("pending", { page })}
      render={(user) => (
        <PersonSummary
          person={user}
          details={[
            ["Registered", formatDateTime(user.createdAt)],
            ["Email address", user.emailConfirmed ? "Confirmed" : "Not confirmed yet"],
          ]}
          actions={
            <>
              <ActionButton intent="approve" id={user.id} label="Approve" busy={busyId === user.id} />
              <ActionButton intent="reject" id={user.id} label="Reject" busy={busyId === user.id} quiet />
            </>
          }
        />
      )}
    />
  );
}
