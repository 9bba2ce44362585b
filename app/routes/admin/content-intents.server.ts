import { applyEdit, parseEdit } from "~/lib/content-kinds/edits";
import { documentFromForm } from "~/lib/content-kinds/fields";
import { contentKindOf } from "~/lib/content-kinds/index";
import type { FieldErrors } from "~/lib/field-errors";
import type { ToastMessage } from "~/lib/toast-message";
import { adminPageRefusal } from "~/server/http/admin-refusal.server";
import { errorNotice, itsMessage } from "~/server/http/outcome-notices.server";
import { askOnConfirmPage } from "~/server/http/page-confirmation.server";
import { intent, type PageDoor, type PageIntents } from "~/server/http/page-door.server";
import { done, notFound } from "~/server/outcome";
import {
  cancelScheduledContent,
  createPreviewLink,
  publishContent,
  rollBackContent,
  saveContentDraft,
} from "~/server/publishing/content-publishing.server";

// The forms of /admin/content (routes/admin/content.tsx), through the page door: save a draft, edit a
// list without JavaScript (add, remove, move an item: shown again, not saved), publish now or at a time,
// cancel a schedule, roll back, and make a preview link. Publishing, cancelling and rolling back wait for
// "Confirm it's you" on its own page, which comes back here with a notice (confirm-page-intents.server.ts).

export interface ContentAnswer {
  toast?: ToastMessage;
  fieldErrors?: FieldErrors;
  /** The document as the form holds it, not saved: after a list's edit, or a save refused. */
  draft?: Record<string, unknown>;
  /** A preview link just made. */
  previewUrl?: string;
}

const formOf = (form: Record<string, string>) => new Map(Object.entries(form));
const number = (raw: string | undefined) => (raw && /^\d{1,9}$/.test(raw) ? Number(raw) : raw);

/** A time typed in the form's `datetime-local` field (UTC, as the label says), as ISO; null for none. */
export function publishTime(raw: string | undefined): string | null | undefined {
  if (!raw?.trim()) return null;
  const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2})(:\d{2})?$/.exec(raw.trim());
  return match ? `${match[1]}${match[2] ?? ":00"}Z` : raw;
}

/** The posted document of the form's kind, or null for a form that names no kind. */
function postedDocument(form: Record<string, string>) {
  const kind = contentKindOf(form.doc ?? "");
  return kind ? documentFromForm(kind.fields, formOf(form)) : null;
}

const WAITS = "Publish, cancel or roll back content";

export const CONTENT_INTENTS = {
  save: intent({
    run: ({ deps, caller, form }) =>
      saveContentDraft(
        deps,
        caller,
        { baseRevision: number(form.baseRevision), data: postedDocument(form) },
        form.doc ?? "",
      ),
    done: ({ revision }) => ({
      toast: {
        title: "Draft saved",
        description: `Revision ${revision} is saved. Visitors see it once you publish it.`,
      },
    }),
    says: { conflict: itsMessage("Not saved"), otherwise: errorNotice("The draft was not saved.") },
    keep: (form) => form,
  }),
  edit: intent({
    run: async ({ form }) => {
      const kind = contentKindOf(form.doc ?? "");
      const document = postedDocument(form);
      const edit = parseEdit(form.edit);
      if (!kind || !document || !edit) return notFound;
      return done(applyEdit(kind.fields, document, edit));
    },
    done: (draft) => ({ draft }),
  }),
  "publish-content": intent({
    run: ({ deps, caller, form }) =>
      publishContent(
        deps,
        caller,
        { revision: number(form.revision), at: publishTime(form.at) },
        form.doc ?? "",
      ),
    done: ({ version, publishAt }) => ({
      toast: {
        title: Date.parse(publishAt) > Date.now() + 1000 ? "Scheduled" : "Published",
        description: `Version ${version} is public from ${publishAt.replace("T", " ").replace(/\.\d+Z$/, " UTC")}.`,
      },
    }),
    says: { otherwise: errorNotice("Nothing was published.") },
    keep: (form) => ({ at: form.at ?? "" }),
    confirm: { target: () => null, describe: () => WAITS },
  }),
  "cancel-content": intent({
    run: ({ deps, caller, form }) =>
      cancelScheduledContent(deps, caller, { version: number(form.version) }, form.doc ?? ""),
    done: ({ version }) => ({
      toast: { title: "Schedule cancelled", description: `Version ${version} will not go public.` },
    }),
    says: {
      conflict: itsMessage("Not cancelled"),
      otherwise: errorNotice("The schedule was not cancelled."),
    },
    confirm: { target: () => null, describe: () => WAITS },
  }),
  "roll-back-content": intent({
    run: ({ deps, caller, form }) =>
      rollBackContent(deps, caller, { version: number(form.version) }, form.doc ?? ""),
    done: ({ version }) => ({
      toast: {
        title: "Rolled back",
        description: `Version ${version}, the earlier one's copy, is public now.`,
      },
    }),
    says: { otherwise: errorNotice("Nothing was rolled back.") },
    confirm: { target: () => null, describe: () => WAITS },
  }),
  preview: intent({
    run: ({ deps, caller, form }) =>
      createPreviewLink(deps, caller, { revision: number(form.revision) }, form.doc ?? ""),
    done: ({ url }) => ({
      previewUrl: url,
      toast: {
        title: "Preview link ready",
        description: "Anyone with the link sees this draft for 24 hours.",
      },
    }),
    says: { otherwise: errorNotice("No preview link was made.") },
  }),
} satisfies PageIntents<ContentAnswer>;

export type ContentIntent = keyof typeof CONTENT_INTENTS;

/** The door of /admin/content: a form that names no intent is a list's edit (its buttons post `edit`). */
export const contentDoor: PageDoor<ContentAnswer> = {
  intents: CONTENT_INTENTS,
  page: "/admin/content",
  fallback: "edit",
  failed: ({ outcome, notice, values }) => {
    if (outcome.kind === "unauthenticated" || outcome.kind === "forbidden") throw adminPageRefusal(outcome);
    const draft = values?.doc ? (postedDocument(values) ?? undefined) : undefined;
    return {
      toast: notice,
      fieldErrors: outcome.kind === "invalid" ? outcome.fieldErrors : undefined,
      draft,
    };
  },
  confirm: askOnConfirmPage,
};
