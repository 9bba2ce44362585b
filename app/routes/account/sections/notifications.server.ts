import { NOTIFICATION_MODE_LABELS, type NotificationMode } from "~/lib/staff-notifications";
import { chooseStaffNotifications } from "~/server/admin/staff-notifications.server";
import { intent } from "~/server/http/page-door.server";
import { type ActionResult, otherwise, shown } from "./overview-answers.server";

// The intent that notifications.tsx, beside it, posts.

export const intents = {
  notifications: intent<ActionResult, NotificationMode>({
    run: ({ deps, caller, form }) => chooseStaffNotifications(deps, caller, form),
    done: (mode) =>
      shown("notifications", {
        title: "Notifications saved",
        description: `New messages and registrations: ${NOTIFICATION_MODE_LABELS[mode].label.toLowerCase()}.`,
      }),
    says: otherwise("Choose how you want to be told."),
    keep: (form) => ({ mode: form.mode ?? "" }),
  }),
};
