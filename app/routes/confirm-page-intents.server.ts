import type { ToastMessage } from "~/lib/toast-message";
import {
  ADMIN_INTENTS,
  type AdminAnswer,
  type AdminIntent,
  adminDoor,
} from "~/routes/admin/admin-intents.server";
import type { ContentIntent } from "~/routes/admin/content-intents.server";
import type { PageDoor } from "~/server/http/page-door.server";
import { done } from "~/server/outcome";

// What goes on from /confirm-its-you once confirmed: the dashboard's buttons that wait for it, as the
// dashboard declares them, and the two downloads, whose confirmation only leaves a notice on the page that
// offers the file (a redirect to an attachment would leave the browser showing the spent form; back on the
// page the same link downloads at once for the next 10 minutes).

function download(description: string, ready: ToastMessage): AdminIntent {
  return {
    run: async () => done(null),
    done: () => ({ toast: ready }),
    confirm: { target: () => null, describe: () => description },
  };
}

export const DOWNLOAD_INTENTS = {
  "export-data": download("Download a copy of your data", {
    title: "Confirmed",
    description: "Now choose Download my data to get your copy.",
  }),
  "export-activity": download("Export the activity log as a CSV file", {
    title: "Confirmed",
    description: "Now choose Export CSV to download the activity log.",
  }),
} satisfies Record<string, AdminIntent>;

/** What a download that waits for "Confirm it's you" stores as its intent. */
export type DownloadIntent = keyof typeof DOWNLOAD_INTENTS;

/**
 * The Content tab's changes to what the public reads (content-intents.server.ts, same names): confirmed
 * here, then done there again, as a download is, since a schedule's time or a version is not kept.
 */
const CONFIRMED_FOR_CONTENT = download("Publish, cancel or roll back content", {
  title: "Confirmed",
  description: "Now publish, cancel or roll back again: for the next 10 minutes it goes at once.",
});
const CONTENT_CONFIRMATIONS = {
  "publish-content": CONFIRMED_FOR_CONTENT,
  "cancel-content": CONFIRMED_FOR_CONTENT,
  "roll-back-content": CONFIRMED_FOR_CONTENT,
} satisfies Partial<Record<ContentIntent, AdminIntent>>;

/** The door /confirm-its-you resumes through: a refusal of the caller is the admin page's refusal. */
export const CONFIRM_PAGE_DOOR: PageDoor<AdminAnswer> = adminDoor({
  ...ADMIN_INTENTS,
  ...DOWNLOAD_INTENTS,
  ...CONTENT_CONFIRMATIONS,
});
