import { redirect } from "react-router";
import type { ToastMessage } from "~/lib/toast-message";
import {
  adminPageRefusal,
  approveUser,
  deactivateUser,
  endSessionsOfUser,
  markContactProcessed,
  reactivateUser,
  rejectUser,
  resetSecondFactorsOfUser,
} from "~/server/admin/admin-actions.server";
import { errorNotice, itsMessage } from "~/server/http/outcome-notices.server";
import type { PageDoor, PageIntent } from "~/server/http/page-door.server";
import {
  type InterruptedAction,
  interruptAction,
  isInterruptedIntent,
} from "~/server/identity/interrupted-actions.server";
import type { Caller, Deps } from "~/server/operation.server";
import type { Outcome } from "~/server/outcome";

// The admin dashboard's intents, through the page door (app/server/http/page-door.server.ts): the buttons
// of each tab (an intent and an id), declared here, out of the tabs' modules, whose components reach the
// browser; /admin answers them with a toast and the
// outcome's status. A repeat is the same success; a signed-out caller goes to /login; an action that needs
// "Confirm it's you" is stored and goes on from /confirm-its-you, which then comes back to the tab.

/** What /admin's action answers: the toast. */
export interface AdminAnswer {
  toast: ToastMessage;
}

export type AdminIntent = PageIntent<AdminAnswer>;

/** A button of the dashboard: the operation on the posted id, the toast when done, the error otherwise. */
export function adminIntent(
  run: (deps: Deps, caller: Caller, rawId: unknown) => Promise<Outcome>,
  done: ToastMessage,
  failed: string,
  options: { confirm?: boolean } = {},
): AdminIntent {
  return {
    run: ({ deps, caller, form }) => run(deps, caller, form.id),
    done: () => ({ toast: done }),
    says: { "already-done": done, conflict: itsMessage(), otherwise: errorNotice("Error", failed) },
    confirm: options.confirm
      ? { target: (form) => (form.id && /^[1-9]\d{0,15}$/.test(form.id) ? form.id : null) }
      : undefined,
  };
}

/**
 * Sends the caller to "Confirm it's you" (its own page, so the dashboard ships none of its code). The
 * interrupted action is stored for this session (interrupted-actions.server.ts); the address carries only
 * its reference. Once confirmed, that page runs it and comes back to `next`.
 */
export async function confirmFirst(deps: Deps, caller: Caller, action: InterruptedAction) {
  if (!caller.session) return redirect("/login");
  const reference = await interruptAction(deps.db, caller.session, action);
  return redirect(`/confirm-its-you?${new URLSearchParams({ ref: reference })}`);
}

/** The Pending Users tab's buttons. */
export const PENDING_USER_INTENTS = {
  approve: adminIntent(
    approveUser,
    { title: "User Approved", description: "User has been successfully approved." },
    "Failed to approve user.",
  ),
  reject: adminIntent(
    rejectUser,
    { title: "User Rejected", description: "The registration was rejected; it can never log in." },
    "Failed to reject user.",
  ),
} satisfies Record<string, AdminIntent>;

/** The Contact Submissions tab's buttons. */
export const CONTACT_INTENTS = {
  process: adminIntent(
    markContactProcessed,
    { title: "Contact Processed", description: "Contact has been marked as processed." },
    "Failed to mark contact as processed.",
  ),
} satisfies Record<string, AdminIntent>;

/** The Users tab's buttons (the actions on an approved account). */
export const USER_INTENTS = {
  deactivate: adminIntent(
    deactivateUser,
    { title: "User Deactivated", description: "The user is signed out and can no longer log in." },
    "Failed to deactivate user.",
    { confirm: true },
  ),
  reactivate: adminIntent(
    reactivateUser,
    { title: "User Reactivated", description: "The user can log in again." },
    "Failed to reactivate user.",
  ),
  "end-sessions": adminIntent(
    endSessionsOfUser,
    { title: "Signed out everywhere", description: "Every session of the user has ended." },
    "Failed to sign the user out.",
  ),
  "reset-second-factors": adminIntent(
    resetSecondFactorsOfUser,
    {
      title: "Second factors reset",
      description:
        "The user is signed out, and emailed a link to set up a second factor again at the next sign-in.",
    },
    "Failed to reset the user's second factors.",
    { confirm: true },
  ),
} satisfies Record<string, AdminIntent>;

/** The dashboard's door: every tab's intents; a refusal of the caller is the admin page's refusal. */
export function adminDoor(intents: Record<string, AdminIntent>): PageDoor<AdminAnswer> {
  return {
    intents,
    page: "/admin",
    failed: ({ outcome, notice }) => {
      if (outcome.kind === "unauthenticated" || outcome.kind === "forbidden") throw adminPageRefusal(outcome);
      return { toast: notice };
    },
    confirm: async ({ deps, caller, back }, { intent, target }) => {
      if (!isInterruptedIntent(intent)) throw new Error(`${intent} cannot wait for a confirmation`);
      throw await confirmFirst(deps, caller, { intent, target, next: back });
    },
  };
}

/** Every button of the dashboard, whichever tab shows it. */
export const ADMIN_INTENTS = { ...PENDING_USER_INTENTS, ...USER_INTENTS, ...CONTACT_INTENTS };
