import type { FieldErrors } from "~/lib/field-errors";
import type { ToastMessage } from "~/lib/toast-message";

// What the page's action answered, as each section of /account reads it: only its own answer shows.

export type Section = "profile" | "email" | "password" | "sessions" | "notifications" | "delete";

export interface ActionResult {
  section: Section;
  notice: ToastMessage;
  fieldErrors?: FieldErrors;
  values?: Record<string, string>;
}

/** The props of a section whose change asks for the password, and a code when the sign-in is not recent. */
export interface HolderSectionProps {
  withCode: boolean;
  result: ActionResult | undefined;
}

/** The last answer if it was this section's (else undefined), and its field errors. */
export function answerFor(result: ActionResult | undefined, section: Section) {
  const mine = result?.section === section ? result : undefined;
  return { mine, errors: mine?.fieldErrors ?? {} };
}
