import { TOO_MANY_ATTEMPTS } from "~/lib/account-messages";
import type { ToastMessage } from "~/lib/toast-message";
import type { Failure } from "../outcome";

// How both doors say an operation's failure. One table: a page shows the notice, the JSON API answers its
// text as `error` (`noticeText`), so "too many attempts", "not found" and "confirm it's you" read the same
// on every page and every endpoint. A page names only what it says differently (`failureNotice`).

const error = (title: string, description: string): ToastMessage => ({
  title,
  description,
  variant: "destructive",
});

/** The notice of each kind of failure, when the page or endpoint has nothing more particular to say. */
export const OUTCOME_NOTICES = {
  "rate-limited": TOO_MANY_ATTEMPTS,
  invalid: error("Some fields are invalid", "Please check the fields below."),
  unauthenticated: error("Not signed in", "Sign in and try again."),
  forbidden: error("Not allowed", "Administrators only."),
  "not-found": error("Not found", "There is nothing here by that name."),
  conflict: error("Not done", "That is not possible now."),
  "already-done": { title: "Nothing changed", description: "That was already done." },
} as const satisfies Record<Failure["kind"], ToastMessage>;

/** A notice as one line of text: the JSON API's `error`. */
export function noticeText(notice: ToastMessage): string {
  return `${notice.title}. ${notice.description}`;
}

type KindOf<K extends Failure["kind"]> = Extract<Failure, { kind: K }>;

/**
 * What a page says differently, by kind: a notice, or a function of the outcome that may return nothing to
 * leave it to `otherwise` and then the table. "Too many attempts" is never overridden: it reads the same
 * everywhere.
 */
export type PageNotices = {
  [K in Exclude<Failure["kind"], "rate-limited">]?:
    | ToastMessage
    | ((outcome: KindOf<K>) => ToastMessage | undefined);
} & { otherwise?: ToastMessage };

/** The notice a page shows for a failed operation. */
export function failureNotice(outcome: Failure, says: PageNotices = {}): ToastMessage {
  if (outcome.kind === "rate-limited") return OUTCOME_NOTICES["rate-limited"];
  const own = says[outcome.kind] as
    | ToastMessage
    | ((outcome: Failure) => ToastMessage | undefined)
    | undefined;
  const particular = typeof own === "function" ? own(outcome) : own;
  return particular ?? says.otherwise ?? OUTCOME_NOTICES[outcome.kind];
}

/** A destructive notice (the usual failure), titled "Error" unless a page names its own title. */
export function errorNotice(description: string, title = "Error"): ToastMessage {
  return error(title, description);
}

/** The outcome's own message under `title`, when it carries one (a wrong password, a refusal's reason). */
export function itsMessage(title = "Error") {
  return (outcome: { message?: string }) => (outcome.message ? error(title, outcome.message) : undefined);
}
