import { MESSAGE_STATE_LABELS, type MessageState } from "~/lib/message-states";
import type { ToastMessage } from "~/lib/toast-message";
import {
  adminPageRefusal,
  approveUser,
  deactivateUser,
  endSessionsOfUser,
  reactivateUser,
  rejectUser,
  resetSecondFactorsOfUser,
} from "~/server/admin/admin-actions.server";
import { contactFilter } from "~/server/admin/admin-lists.server";
import {
  claimMessage,
  moveManyMessages,
  moveMessage,
  releaseMessage,
} from "~/server/admin/message-actions.server";
import { errorNotice, itsMessage } from "~/server/http/outcome-notices.server";
import { askOnConfirmPage, type PageDoor, type PageIntent } from "~/server/http/page-door.server";
import { emailOfAccount } from "~/server/identity/users.server";
import type { Caller, Deps } from "~/server/operation.server";
import type { Outcome } from "~/server/outcome";

// The dashboard's actions on one row (an account, a message), each declared once: the operation, its
// JSON endpoint (POST /api/admin/<api>/:id, routes/api/admin.action.ts), what the dashboard says when it
// worked or failed, and whether it waits for "Confirm it's you". /admin answers the tabs' buttons through
// the page door (app/server/http/page-door.server.ts): a repeat is the same success; a signed-out caller
// goes to /login; an action that needs "Confirm it's you" is stored and goes on from /confirm-its-you,
// which then comes back to the tab. Declared here, not in the tabs' modules, whose components reach the
// browser.

export interface AdminAction {
  operation: (deps: Deps, caller: Caller, rawId: unknown) => Promise<Outcome>;
  /** Its endpoint's name under /api/admin/ (the route table lists the URL), and the endpoint's 404. */
  api: { name: string; missing: string };
  done: ToastMessage;
  failed: string;
  /** Waits for "Confirm it's you", which names it with the account's address. */
  confirm?: (email: string) => string;
}

const NO_SUCH_USER = "No such user.";
const NO_SUCH_MESSAGE = "No such contact submission.";

export const ADMIN_ACTIONS = {
  approve: {
    operation: approveUser,
    api: { name: "approve-user", missing: NO_SUCH_USER },
    done: { title: "User Approved", description: "User has been successfully approved." },
    failed: "Failed to approve user.",
  },
  reject: {
    operation: rejectUser,
    api: { name: "reject-user", missing: NO_SUCH_USER },
    done: { title: "User Rejected", description: "The registration was rejected; it can never log in." },
    failed: "Failed to reject user.",
  },
  deactivate: {
    operation: deactivateUser,
    api: { name: "deactivate-user", missing: NO_SUCH_USER },
    done: { title: "User Deactivated", description: "The user is signed out and can no longer log in." },
    failed: "Failed to deactivate user.",
    confirm: (email) => `Deactivate the account of ${email}`,
  },
  reactivate: {
    operation: reactivateUser,
    api: { name: "reactivate-user", missing: NO_SUCH_USER },
    done: { title: "User Reactivated", description: "The user can log in again." },
    failed: "Failed to reactivate user.",
  },
  "end-sessions": {
    operation: endSessionsOfUser,
    api: { name: "end-sessions", missing: NO_SUCH_USER },
    done: { title: "Signed out everywhere", description: "Every session of the user has ended." },
    failed: "Failed to sign the user out.",
  },
  "reset-second-factors": {
    operation: resetSecondFactorsOfUser,
    api: { name: "reset-second-factors", missing: NO_SUCH_USER },
    done: {
      title: "Second factors reset",
      description:
        "The user is signed out, and emailed a link to set up a second factor again at the next sign-in.",
    },
    failed: "Failed to reset the user's second factors.",
    confirm: (email) => `Reset the second factors of ${email}`,
  },
  process: {
    operation: moveMessage("done"),
    api: { name: "mark-contact-processed", missing: NO_SUCH_MESSAGE },
    done: { title: "Contact Processed", description: "Contact has been marked as processed." },
    failed: "Failed to mark contact as processed.",
  },
  waiting: {
    operation: moveMessage("waiting"),
    api: { name: "mark-contact-waiting", missing: NO_SUCH_MESSAGE },
    done: { title: "Waiting on the applicant", description: "The message waits for the applicant's answer." },
    failed: "Failed to mark the message waiting.",
  },
  spam: {
    operation: moveMessage("spam"),
    api: { name: "mark-contact-spam", missing: NO_SUCH_MESSAGE },
    done: { title: "Marked spam", description: "The message is closed as spam." },
    failed: "Failed to mark the message spam.",
  },
  reopen: {
    operation: moveMessage("new"),
    api: { name: "reopen-contact", missing: NO_SUCH_MESSAGE },
    done: { title: "Opened again", description: "The message is new again." },
    failed: "Failed to open the message again.",
  },
  claim: {
    operation: claimMessage,
    api: { name: "claim-contact", missing: NO_SUCH_MESSAGE },
    done: { title: "Yours", description: "You hold the message; everyone sees it is yours." },
    failed: "Failed to take the message.",
  },
  release: {
    operation: releaseMessage,
    api: { name: "release-contact", missing: NO_SUCH_MESSAGE },
    done: { title: "Let go", description: "Nobody holds the message now." },
    failed: "Failed to let the message go.",
  },
} satisfies Record<string, AdminAction>;

/** The declared action whose endpoint is `name` (POST /api/admin/<name>/:id). */
export function adminActionByApiName(name: string): AdminAction | undefined {
  return Object.values(ADMIN_ACTIONS).find((declared: AdminAction) => declared.api.name === name);
}

/** What /admin's action answers: the toast. */
export interface AdminAnswer {
  toast: ToastMessage;
}

export type AdminIntent = PageIntent<AdminAnswer>;

const accountId = (form: Record<string, string>) =>
  form.id && /^[1-9]\d{0,15}$/.test(form.id) ? form.id : null;

/** A button of the dashboard: the operation on the posted id, its toast when done, its error otherwise. */
function adminIntent(declared: AdminAction): AdminIntent {
  const named = declared.confirm;
  return {
    run: ({ deps, caller, form }) => declared.operation(deps, caller, form.id),
    done: () => ({ toast: declared.done }),
    says: {
      "already-done": declared.done,
      conflict: itsMessage(),
      otherwise: errorNotice(declared.failed),
    },
    confirm: named && {
      target: accountId,
      describe: async ({ deps }, target) =>
        named((await emailOfAccount(deps.db, target)) ?? "an account that no longer exists"),
    },
  };
}

/** Every button of the dashboard, whichever tab shows it. */
export const ADMIN_INTENTS: Record<keyof typeof ADMIN_ACTIONS, AdminIntent> = Object.fromEntries(
  Object.entries(ADMIN_ACTIONS).map(([name, declared]) => [name, adminIntent(declared)]),
) as Record<keyof typeof ADMIN_ACTIONS, AdminIntent>;

/**
 * The bulk move of the Contact Submissions tab: the ticked messages, or every one the list's filters
 * select (read from the address the form posts to, which is the list's), to one state in one batch. Moving
 * messages needs no "Confirm it's you", as moving one does not.
 */
const bulkMove: AdminIntent = {
  run: ({ deps, caller, form, request }) =>
    moveManyMessages(deps, caller, form, contactFilter(new URL(request.url).searchParams)),
  done: (value) => {
    const { changed, state } = value as { changed: number; state: MessageState };
    const messages = changed === 1 ? "1 message" : `${changed} messages`;
    return {
      toast: { title: "Messages moved", description: `${messages} moved to ${MESSAGE_STATE_LABELS[state]}.` },
    };
  },
  says: { otherwise: errorNotice("Failed to move the messages.") },
};

/** Every intent of the dashboard's page: each row's buttons, and the bulk move. */
export const DASHBOARD_INTENTS: Record<string, AdminIntent> = { ...ADMIN_INTENTS, "bulk-move": bulkMove };

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
