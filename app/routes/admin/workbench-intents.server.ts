import { redirect } from "react-router";
import { MOVE_TARGETS } from "~/lib/admin-row-actions";
import type { MoveAction } from "~/lib/message-states";
import type { ToastMessage } from "~/lib/toast-message";
import { messagePath } from "~/lib/workbench";
import { backOf, listHref, nextInList } from "~/server/admin/message-neighbours.server";
import { replyToMessage } from "~/server/admin/message-replies.server";
import { addMessageNote, addPersonNote } from "~/server/admin/staff-notes.server";
import { adminPageRefusal } from "~/server/http/admin-refusal.server";
import { flashCookie } from "~/server/http/cookies.server";
import { errorNotice, itsMessage } from "~/server/http/outcome-notices.server";
import { intent, type PageCall, type PageDoor, type PageIntents } from "~/server/http/page-door.server";
import { adminOf } from "~/server/http/request-context.server";
import { ADMIN_INTENTS } from "./admin-intents.server";

// The forms of the workbench's pages, each intent declared once for the page door: a message's page takes
// a reply and a note, a person's page a note (docs/decisions/153-notes-replies-and-a-timeline.md). Kept out
// of the pages' modules, whose components reach the browser.

/** What the pages' actions answer: the notice, and after a failure the field errors and what was typed. */
export interface WorkbenchAnswer {
  toast: ToastMessage;
  intent?: string | null;
  fieldErrors?: Record<string, string>;
  values?: Record<string, string>;
}

const NOTE_ADDED: ToastMessage = { title: "Note added", description: "Only administrators see it." };
const keepBody = (form: Record<string, string>) => ({ body: form.body ?? "" });

/** A form that names no message or person it can be about says so (the box's own errors show under it). */
const badId = (outcome: { fieldErrors: Record<string, string> }) =>
  outcome.fieldErrors.id ? errorNotice(outcome.fieldErrors.id) : undefined;

const noteIntent = (operation: typeof addMessageNote) =>
  intent<WorkbenchAnswer, null>({
    run: ({ deps, caller, form }) => operation(deps, caller, form),
    done: () => ({ toast: NOTE_ADDED, intent: "note" }),
    says: { invalid: badId, otherwise: errorNotice("The note was not added.") },
    keep: keepBody,
  });

/** The moves of one message (lib/message-states.ts), as its row on the dashboard has them. */
const MOVE_INTENTS = Object.fromEntries(
  Object.keys(MOVE_TARGETS).map((action) => [action, ADMIN_INTENTS[action as MoveAction]]),
) as Record<MoveAction, (typeof ADMIN_INTENTS)[MoveAction]>;

/**
 * "Send and next" (`go=next`, decision 176): once the reply is sent, the next message of the list the page
 * was opened from (`back`), the notice carried there; at the list's end, the list itself.
 */
async function thenNext(call: PageCall, toast: ToastMessage): Promise<Response> {
  const back = backOf(call.form.back ?? null);
  // The reply's own operation has read the message's id from this form and found the message.
  const next = await nextInList(call.deps.db, back, adminOf(call.context).id, Number(call.form.id));
  const said =
    next === null ? { ...toast, description: `${toast.description} It was the last of the list.` } : toast;
  return redirect(next === null ? listHref(back) : messagePath(next, null, back), {
    headers: { "Set-Cookie": flashCookie(call.request, said) },
  });
}

export const MESSAGE_INTENTS = {
  reply: intent<WorkbenchAnswer, { to: string }>({
    run: ({ deps, caller, form }) => replyToMessage(deps, caller, form),
    done: ({ to }, call) => {
      const toast = {
        title: "Reply sent",
        description: `The reply is on its way to ${to}. The message now waits on the applicant.`,
      };
      return call.form.go === "next" ? thenNext(call, toast) : { toast, intent: "reply" };
    },
    says: {
      "already-done": {
        title: "Reply already sent",
        description: "This reply was sent once; sending the same form again sends nothing.",
      },
      "not-found": errorNotice("There is no such message."),
      invalid: badId,
      // The day's cap on replies to unproven addresses, in its own words (address-proof.server.ts).
      conflict: itsMessage("Reply not sent"),
      otherwise: errorNotice("The reply was not sent."),
    },
    keep: keepBody,
  }),
  note: noteIntent(addMessageNote),
  // The dashboard's own buttons on one message, as its row has them.
  ...MOVE_INTENTS,
  claim: ADMIN_INTENTS.claim,
  release: ADMIN_INTENTS.release,
} satisfies PageIntents<WorkbenchAnswer>;

export const PERSON_INTENTS = {
  note: noteIntent(addPersonNote),
} satisfies PageIntents<WorkbenchAnswer>;

/** A workbench page's door: a caller who is not let in is answered as the dashboard answers them. */
export function workbenchDoor(
  intents: PageIntents<WorkbenchAnswer>,
  page: string,
): PageDoor<WorkbenchAnswer> {
  return {
    intents,
    page,
    failed: ({ outcome, notice, intent: name, values }) => {
      if (outcome.kind === "unauthenticated" || outcome.kind === "forbidden") throw adminPageRefusal(outcome);
      const fieldErrors = outcome.kind === "invalid" ? outcome.fieldErrors : undefined;
      return { toast: notice, intent: name, fieldErrors, values };
    },
  };
}
