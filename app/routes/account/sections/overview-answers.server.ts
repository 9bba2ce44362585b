import { redirect } from "react-router";
import type { ActionResult, Section } from "~/lib/account-section-answer";
import { signInFirst } from "~/lib/sign-in-paths";
import type { ToastMessage } from "~/lib/toast-message";
import { errorNotice, itsMessage } from "~/server/http/outcome-notices.server";
import type { PageDoor, PageIntent, PageIntents } from "~/server/http/page-door.server";
import type { Failure, Outcome } from "~/server/outcome";

export type { ActionResult, Section } from "~/lib/account-section-answer";

// /account through the page door (app/server/http/page-door.server.ts): each section's intents sit beside
// the form that posts them (the .server.ts of the same name); the page's door gives every failure its
// section, its notice and its field errors.

export type AccountIntent = PageIntent<ActionResult>;

/** A section's notice when it worked. */
export const shown = (section: Section, notice: ToastMessage): ActionResult => ({ section, notice });

/** The notice of a section's failure that says no more than `description`. */
export const otherwise = (description: string) => ({ otherwise: errorNotice(description) });

/**
 * A wrong current password shows on its field (400, like any field error); the one that ended the session
 * still goes to the sign-in, saying why (the door does that).
 */
export function wrongPasswordOn<V>(field: string, outcome: Outcome<V>): Outcome<V> {
  if (outcome.kind !== "unauthenticated" || !outcome.message || outcome.signedOut) return outcome;
  return { kind: "invalid", fieldErrors: { [field]: outcome.message }, message: outcome.message };
}

/** The notices of a form that asks for the password in `field`: a wrong one says so. */
export function passwordNotices(field: string) {
  return {
    invalid: (outcome: { fieldErrors: Record<string, string>; message?: string }) =>
      outcome.message !== undefined && outcome.fieldErrors[field] === outcome.message
        ? itsMessage()(outcome)
        : undefined,
    ...otherwise("Please check the fields below."),
  };
}

/** The door of /account: `sections` names the section of each intent. */
export function accountDoor(sections: Record<Section, PageIntents<ActionResult>>): PageDoor<ActionResult> {
  const sectionOf = new Map<string, Section>();
  for (const [section, intents] of Object.entries(sections) as [Section, PageIntents<ActionResult>][]) {
    for (const name of Object.keys(intents)) sectionOf.set(name, section);
  }
  return {
    intents: Object.assign({}, ...Object.values(sections)),
    page: "/account",
    failed: ({
      outcome,
      notice,
      intent,
      values,
    }: {
      outcome: Failure;
      notice: ToastMessage;
      intent: string | null;
      values?: Record<string, string>;
    }) => {
      if (outcome.kind === "unauthenticated" && !outcome.message) throw redirect(signInFirst("/account"));
      return {
        section: (intent && sectionOf.get(intent)) || "profile",
        notice,
        fieldErrors: outcome.kind === "invalid" ? outcome.fieldErrors : undefined,
        values,
      };
    },
  };
}
