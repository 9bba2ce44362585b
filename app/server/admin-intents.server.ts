import { data } from "react-router";
import type { ToastMessage } from "~/components/toaster";
import type { FieldErrors } from "~/lib/field-errors";
import { adminPageRefusal } from "./admin-actions.server";
import { failureInit } from "./form-door.server";
import type { Caller, Deps } from "./operation.server";
import type { Outcome } from "./outcome";

// The page door of the admin dashboard's buttons: each posts an intent and an id, and a tab's action
// answers it with a toast and the outcome's status (a repeat is the same success; a signed-out caller
// goes to /login).

export interface AdminIntent {
  run: (deps: Deps, caller: Caller, rawId: unknown) => Promise<Outcome>;
  done: ToastMessage;
  failed: string;
}

/** The interrupted intent and its id, to post again once "Confirm it's you" succeeds. */
export interface PendingConfirmation {
  then: string;
  carry: Record<string, string>;
}

/** 403 with the "Confirm it's you" form; the intent goes on once confirmed (the dashboard's action). */
export function confirmFirst(form: Record<string, string>, toast?: ToastMessage, fieldErrors?: FieldErrors) {
  const confirm: PendingConfirmation = { then: form.intent ?? "", carry: form.id ? { id: form.id } : {} };
  return data({ confirm, toast, fieldErrors }, { status: 403 });
}

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
) {
  const intent = form.intent && Object.hasOwn(intents, form.intent) ? intents[form.intent] : undefined;
  if (!intent) return unknownIntent();
  const outcome = await intent.run(deps, caller, form.id);
  if (outcome.kind === "done" || outcome.kind === "already-done") return data({ toast: intent.done });
  if (outcome.kind === "forbidden" && outcome.reauthenticate) return confirmFirst(form);
  if (outcome.kind === "unauthenticated" || outcome.kind === "forbidden") throw adminPageRefusal(outcome);
  const description = outcome.kind === "conflict" ? outcome.message : intent.failed;
  const toast: ToastMessage = { title: "Error", description, variant: "destructive" };
  return data({ toast }, failureInit(outcome));
}
