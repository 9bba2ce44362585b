import {
  type BulkAnswer,
  type BulkConfirmation,
  type BulkMoved,
  messagesLabel,
  scopeOf,
} from "~/lib/bulk-moves";
import type { FieldErrors } from "~/lib/field-errors";
import { MESSAGE_STATE_LABELS } from "~/lib/message-states";
import type { BulkIntent } from "~/lib/page-intents";
import type { ToastMessage } from "~/lib/toast-message";
import { contactFilter } from "~/server/admin/admin-lists.server";
import { decideManyUsers } from "~/server/admin/bulk-decisions.server";
import { moveManyMessages, undoBulkMove } from "~/server/admin/bulk-moves.server";
import { ADMIN_ACTIONS, type AdminAction } from "~/server/admin/row-actions.server";
import { adminPageRefusal } from "~/server/http/admin-refusal.server";
import { errorNotice, itsMessage } from "~/server/http/outcome-notices.server";
import { askOnConfirmPage } from "~/server/http/page-confirmation.server";
import type { IntentsNamed, PageDoor, PageIntent, PageIntents } from "~/server/http/page-door.server";
import { emailOfAccount } from "~/server/identity/users.server";

/** What /admin's action answers: the toast, and what a bulk move of messages answered (its bar shows it). */
export interface AdminAnswer {
  toast?: ToastMessage;
  bulk?: BulkAnswer;
}

/** What a row's button answers: its toast, as a message's page shows it too. */
interface RowAnswer {
  toast: ToastMessage;
}

export type AdminIntent = PageIntent<RowAnswer>;
type BulkIntentDeclared = PageIntent<AdminAnswer>;

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
 * A bulk button pressed with no row ticked (and no "All matching"): a person's slip, not a failure, so the
 * notice says what to do and is not worded as an error (400 still, as any refused form).
 */
function nothingTicked({ fieldErrors }: { fieldErrors: FieldErrors }): ToastMessage | undefined {
  if (fieldErrors.ids) return { title: "Nothing ticked", description: fieldErrors.ids };
  const said = fieldErrors.upto ?? fieldErrors.confirm ?? fieldErrors.undo;
  return said ? { title: "Nothing moved", description: said, variant: "destructive" } : undefined;
}

/**
 * The bulk move of the Contact Submissions tab (docs/decisions/177): the ticked messages at once; every one
 * the list's filters select (read from the address the form posts to, which is the list's), or all but the
 * ticked, once the answer's confirmation is pressed. Moving messages needs no "Confirm it's you", as moving
 * one does not.
 */
const bulkMove: BulkIntentDeclared = {
  run: ({ deps, caller, form, request }) =>
    moveManyMessages(deps, caller, form, contactFilter(new URL(request.url).searchParams)),
  done: (value) => {
    const answer = value as BulkConfirmation | BulkMoved;
    if (answer.kind === "confirm") return { bulk: answer };
    const description = `${messagesLabel(answer.changed)} moved to ${MESSAGE_STATE_LABELS[answer.to]}.`;
    return { toast: { title: "Messages moved", description }, bulk: answer };
  },
  says: {
    invalid: nothingTicked,
    conflict: itsMessage("Nothing moved"),
    otherwise: errorNotice("Failed to move the messages."),
  },
};

/** Undo of a bulk move: each message back where it was, unless touched since; once. */
const bulkUndo: BulkIntentDeclared = {
  run: ({ deps, caller, form }) => undoBulkMove(deps, caller, form),
  done: (value, { form }) => {
    const { changed, left } = value as { changed: number; left: number };
    const stayed = left === 0 ? "" : ` ${messagesLabel(left)} moved again since, and stay where they are.`;
    return {
      toast: {
        title: "Move undone",
        description: `${messagesLabel(changed)} back where they were.${stayed}`,
      },
      bulk: { kind: "undone", scope: scopeOf(form.scope) },
    };
  },
  says: {
    "already-done": {
      title: "Nothing to undo",
      description: "This move was undone already, or its hour to undo it has passed.",
    },
    invalid: nothingTicked,
    otherwise: errorNotice("Failed to undo the move."),
  },
};

/**
 * The bulk decision of the Pending Users tab: the ticked registrations, or every pending one on show,
 * approved or rejected in one batch. Neither needs "Confirm it's you", as deciding one does not.
 */
const bulkDecide: BulkIntentDeclared = {
  run: ({ deps, caller, form }) => decideManyUsers(deps, caller, form),
  done: (value) => {
    const { changed, decision } = value as { changed: number; decision: "approve" | "reject" };
    const people = changed === 1 ? "1 registration" : `${changed} registrations`;
    return decision === "approve"
      ? { toast: { title: "Users Approved", description: `${people} approved.` } }
      : { toast: { title: "Users Rejected", description: `${people} rejected; they can never log in.` } };
  },
  says: {
    invalid: nothingTicked,
    otherwise: errorNotice("Failed to decide the registrations."),
  },
};

/** Every intent of the dashboard's page: each row's buttons, and the bulk actions. */
export const DASHBOARD_INTENTS = {
  ...ADMIN_INTENTS,
  ...({
    "bulk-move": bulkMove,
    "bulk-undo": bulkUndo,
    "bulk-decide": bulkDecide,
  } satisfies IntentsNamed<BulkIntent, AdminAnswer>),
};

/** The dashboard's door: every tab's intents; a refusal of the caller is the admin page's refusal. */
export function adminDoor(intents: PageIntents<AdminAnswer>): PageDoor<AdminAnswer> {
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
