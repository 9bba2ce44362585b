import { ROW_ACTION_ENDPOINTS as ENDPOINT, MOVE_TARGETS, type RowActionName } from "~/lib/admin-row-actions";
import { MESSAGE_STATE_WORK, type MoveAction } from "~/lib/message-states";
import type { ToastMessage } from "~/lib/toast-message";
import type { Caller, Deps } from "../operation.server";
import type { Outcome } from "../outcome";
import {
  approveUser,
  deactivateUser,
  endSessionsOfUser,
  reactivateUser,
  rejectUser,
  resetSecondFactorsOfUser,
} from "./admin-actions.server";
import { claimMessage, moveMessage, releaseMessage } from "./message-actions.server";

// The dashboard's actions on one row (an account, a message), each declared once: the operation, its
// JSON endpoint (POST /api/admin/<name>/:id, answered by routes/api/admin.action.ts), what the dashboard
// says when it worked or failed, and whether it waits for "Confirm it's you". /admin's buttons reach them
// through the page door (routes/admin/admin-intents.server.ts). Declared in the domain, not in the admin
// routes' folder, so the JSON API imports no page folder; the endpoint names are in lib/admin-row-actions.ts,
// where the tests read them too.

export interface AdminAction {
  operation: (deps: Deps, caller: Caller, rawId: unknown) => Promise<Outcome>;
  /** Its endpoint's name: POST /api/admin/<name>/:id (one route answers them all); and the endpoint's 404. */
  api: { name: string; missing: string };
  done: ToastMessage;
  failed: string;
  /** Waits for "Confirm it's you", which names it with the account's address. */
  confirm?: (email: string) => string;
}

const NO_SUCH_USER = "No such user.";
const NO_SUCH_MESSAGE = "No such contact submission.";

/** A message's moves, each into one state, as the table of states declares them (lib/message-states.ts). */
const MOVE_ACTIONS = Object.fromEntries(
  Object.entries(MOVE_TARGETS).map(([action, state]) => {
    const { endpoint, done, failed } = MESSAGE_STATE_WORK[state].move;
    const declared: AdminAction = {
      operation: moveMessage(state),
      api: { name: endpoint, missing: NO_SUCH_MESSAGE },
      done,
      failed,
    };
    return [action, declared];
  }),
) as Record<MoveAction, AdminAction>;

export const ADMIN_ACTIONS = {
  approve: {
    operation: approveUser,
    api: { name: ENDPOINT.approve, missing: NO_SUCH_USER },
    done: { title: "User Approved", description: "User has been successfully approved." },
    failed: "Failed to approve user.",
  },
  reject: {
    operation: rejectUser,
    api: { name: ENDPOINT.reject, missing: NO_SUCH_USER },
    done: { title: "User Rejected", description: "The registration was rejected; it can never log in." },
    failed: "Failed to reject user.",
  },
  deactivate: {
    operation: deactivateUser,
    api: { name: ENDPOINT.deactivate, missing: NO_SUCH_USER },
    done: { title: "User Deactivated", description: "The user is signed out and can no longer log in." },
    failed: "Failed to deactivate user.",
    confirm: (email) => `Deactivate the account of ${email}`,
  },
  reactivate: {
    operation: reactivateUser,
    api: { name: ENDPOINT.reactivate, missing: NO_SUCH_USER },
    done: { title: "User Reactivated", description: "The user can log in again." },
    failed: "Failed to reactivate user.",
  },
  "end-sessions": {
    operation: endSessionsOfUser,
    api: { name: ENDPOINT["end-sessions"], missing: NO_SUCH_USER },
    done: { title: "Signed out everywhere", description: "Every session of the user has ended." },
    failed: "Failed to sign the user out.",
  },
  "reset-second-factors": {
    operation: resetSecondFactorsOfUser,
    api: { name: ENDPOINT["reset-second-factors"], missing: NO_SUCH_USER },
    done: {
      title: "Second factors reset",
      description:
        "The user is signed out, and emailed a link to set up a second factor again at the next sign-in.",
    },
    failed: "Failed to reset the user's second factors.",
    confirm: (email) => `Reset the second factors of ${email}`,
  },
  ...MOVE_ACTIONS,
  claim: {
    operation: claimMessage,
    api: { name: ENDPOINT.claim, missing: NO_SUCH_MESSAGE },
    done: { title: "Yours", description: "You hold the message; everyone sees it is yours." },
    failed: "Failed to take the message.",
  },
  release: {
    operation: releaseMessage,
    api: { name: ENDPOINT.release, missing: NO_SUCH_MESSAGE },
    done: { title: "Let go", description: "Nobody holds the message now." },
    failed: "Failed to let the message go.",
  },
} satisfies Record<RowActionName, AdminAction>;

/** The declared action whose endpoint is `name` (POST /api/admin/<name>/:id). */
export function adminActionByApiName(name: string): AdminAction | undefined {
  return Object.values(ADMIN_ACTIONS).find((declared: AdminAction) => declared.api.name === name);
}
