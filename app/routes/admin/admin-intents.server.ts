import type { FieldErrors } from "~/lib/field-errors";
import { MESSAGE_STATE_LABELS, type MessageState } from "~/lib/message-states";
import type { BulkIntent } from "~/lib/page-intents";
import type { ToastMessage } from "~/lib/toast-message";
import { contactFilter } from "~/server/admin/admin-lists.server";
import { decideManyUsers } from "~/server/admin/bulk-decisions.server";
import { moveManyMessages } from "~/server/admin/message-actions.server";
import { ADMIN_ACTIONS, type AdminAction } from "~/server/admin/row-actions.server";
import { adminPageRefusal } from "~/server/http/admin-refusal.server";
import { errorNotice, itsMessage } from "~/server/http/outcome-notices.server";
import { askOnConfirmPage } from "~/server/http/page-confirmation.server";
import type { IntentsNamed, PageDoor, PageIntent } from "~/server/http/page-door.server";
import { emailOfAccount } from "~/server/identity/users.server";

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
 * A bulk button pressed with no row ticked (and no "All matching"): a person's slip, not a failure, so the
 * notice says what to do and is not worded as an error (400 still, as any refused form).
 */
function nothingTicked({ fieldErrors }: { fieldErrors: FieldErrors }): ToastMessage | undefined {
  return fieldErrors.ids ? { title: "Nothing ticked", description: fieldErrors.ids } : undefined;
}

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
  says: { invalid: nothingTicked, otherwise: errorNotice("Failed to move the messages.") },
};

/**
 * The bulk decision of the Pending Users tab: the ticked registrations, or every pending one on show,
 * approved or rejected in one batch. Neither needs "Confirm it's you", as deciding one does not.
 */
const bulkDecide: AdminIntent = {
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
  ...({ "bulk-move": bulkMove, "bulk-decide": bulkDecide } satisfies IntentsNamed<BulkIntent, AdminAnswer>),
};

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
