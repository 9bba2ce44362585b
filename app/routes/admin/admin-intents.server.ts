import { data, redirect } from "react-router";
import type { ToastMessage } from "~/lib/toast-message";
import {
  adminPageRefusal,
  deactivateUser,
  endSessionsOfUser,
  reactivateUser,
  resetSecondFactorsOfUser,
} from "~/server/admin/admin-actions.server";
import { failureInit } from "~/server/http/form-door.server";
import { errorNotice, failureNotice, itsMessage } from "~/server/http/outcome-notices.server";
import {
  type InterruptedAction,
  interruptAction,
  isInterruptedIntent,
} from "~/server/identity/interrupted-actions.server";
import type { Caller, Deps } from "~/server/operation.server";
import type { Outcome } from "~/server/outcome";

// The page door of the admin dashboard's buttons: each posts an intent and an id, and a tab's action
// answers it with a toast and the outcome's status (a repeat is the same success; a signed-out caller
// goes to /login).

export interface AdminIntent {
  run: (deps: Deps, caller: Caller, rawId: unknown) => Promise<Outcome>;
  done: ToastMessage;
  failed: string;
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

/** The Users tab's buttons (the actions on an approved account). */
export const USER_INTENTS = {
  deactivate: {
    run: deactivateUser,
    done: { title: "User Deactivated", description: "The user is signed out and can no longer log in." },
    failed: "Failed to deactivate user.",
  },
  reactivate: {
    run: reactivateUser,
    done: { title: "User Reactivated", description: "The user can log in again." },
    failed: "Failed to reactivate user.",
  },
  "end-sessions": {
    run: endSessionsOfUser,
    done: { title: "Signed out everywhere", description: "Every session of the user has ended." },
    failed: "Failed to sign the user out.",
  },
  "reset-second-factors": {
    run: resetSecondFactorsOfUser,
    done: {
      title: "Second factors reset",
      description:
        "The user is signed out, and emailed a link to set up a second factor again at the next sign-in.",
    },
    failed: "Failed to reset the user's second factors.",
  },
} satisfies Record<string, AdminIntent>;

export function unknownIntent() {
  const toast: ToastMessage = { title: "Error", description: "Unknown action.", variant: "destructive" };
  return data({ toast }, { status: 400 });
}

/** Runs the form's intent, if it is one of `intents`, and gives its toast and status. */
export async function answerAdminIntent(
  deps: Deps,
  caller: Caller,
  form: Record<string, string>,
  intents: Record<string, AdminIntent>,
  /**
   * The page the form was posted to, where "Confirm it's you" sends the intent back: the action's `url`,
   * never `request.url`, which for a hydrated form is React Router's data request (`/admin.data`).
   */
  url: URL,
) {
  const back = url.pathname + url.search;
  const intent = form.intent && Object.hasOwn(intents, form.intent) ? intents[form.intent] : undefined;
  if (!intent) return unknownIntent();
  const outcome = await intent.run(deps, caller, form.id);
  if (outcome.kind === "done" || outcome.kind === "already-done") return data({ toast: intent.done });
  if (outcome.kind === "forbidden" && outcome.reauthenticate) {
    if (!isInterruptedIntent(form.intent)) throw adminPageRefusal(outcome);
    const target = form.id && /^[1-9]\d{0,15}$/.test(form.id) ? form.id : null;
    throw await confirmFirst(deps, caller, { intent: form.intent, target, next: back });
  }
  if (outcome.kind === "unauthenticated" || outcome.kind === "forbidden") throw adminPageRefusal(outcome);
  const toast = failureNotice(outcome, {
    conflict: itsMessage(),
    otherwise: errorNotice("Error", intent.failed),
  });
  return data({ toast }, failureInit(outcome));
}
