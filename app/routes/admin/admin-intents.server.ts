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
import { askOnConfirmPage, type PageDoor, type PageIntent } from "~/server/http/page-door.server";
import { emailOfAccount } from "~/server/identity/users.server";
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

const accountId = (form: Record<string, string>) =>
  form.id && /^[1-9]\d{0,15}$/.test(form.id) ? form.id : null;

/** A button of the dashboard: the operation on the posted id, the toast when done, the error otherwise. */
export function adminIntent(
  run: (deps: Deps, caller: Caller, rawId: unknown) => Promise<Outcome>,
  done: ToastMessage,
  failed: string,
  options: { confirm?: (email: string) => string } = {},
): AdminIntent {
  const named = options.confirm;
  return {
    run: ({ deps, caller, form }) => run(deps, caller, form.id),
    done: () => ({ toast: done }),
    says: { "already-done": done, conflict: itsMessage(), otherwise: errorNotice("Error", failed) },
    confirm: named && {
      target: accountId,
      describe: async ({ deps }, target) =>
        named((await emailOfAccount(deps.db, target)) ?? "an account that no longer exists"),
    },
  };
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
    { confirm: (email) => `Deactivate the account of ${email}` },
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
    { confirm: (email) => `Reset the second factors of ${email}` },
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
    confirm: askOnConfirmPage,
  };
}

/** Every button of the dashboard, whichever tab shows it. */
export const ADMIN_INTENTS = { ...PENDING_USER_INTENTS, ...USER_INTENTS, ...CONTACT_INTENTS };
