import { data, redirect } from "react-router";
import type { ToastMessage } from "~/lib/toast-message";
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

/**
 * Sends the caller to "Confirm it's you" (its own page, so the dashboard ships none of its code), carrying
 * the interrupted intent and its id; the confirmation posts back to `back` and the intent goes on there.
 */
export function confirmFirst(form: Record<string, string>, back: string, { failed = false } = {}) {
  const query = new URLSearchParams({ next: back, resume: form.intent ?? "" });
  if (form.id) query.set("id", form.id);
  if (failed) query.set("failed", "1");
  return redirect(`/confirm-its-you?${query}`);
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
  /** The request the form came in, whose address "Confirm it's you" sends the intent back to. */
  request: Request,
) {
  const url = new URL(request.url);
  const back = url.pathname + url.search;
  const intent = form.intent && Object.hasOwn(intents, form.intent) ? intents[form.intent] : undefined;
  if (!intent) return unknownIntent();
  const outcome = await intent.run(deps, caller, form.id);
  if (outcome.kind === "done" || outcome.kind === "already-done") return data({ toast: intent.done });
  if (outcome.kind === "forbidden" && outcome.reauthenticate) throw confirmFirst(form, back);
  if (outcome.kind === "unauthenticated" || outcome.kind === "forbidden") throw adminPageRefusal(outcome);
  const description = outcome.kind === "conflict" ? outcome.message : intent.failed;
  const toast: ToastMessage = { title: "Error", description, variant: "destructive" };
  return data({ toast }, failureInit(outcome));
}
