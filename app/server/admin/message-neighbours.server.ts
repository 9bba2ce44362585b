import { eq } from "drizzle-orm";
import { dashboardHref } from "~/lib/admin-tabs";
import { contactFilterParams, parseContactFilter } from "~/lib/contact-filter";
import { SHOW_COUNTS } from "~/lib/counts";
import { contactSubmissions } from "../../../db/schema";
import { stepInQueue } from "../contact/message-queue.server";
import type { Database } from "../db.server";
import { cursorParam, cursorText, secondsOf } from "../keyset.server";

// A message page knows the list it was opened from (docs/decisions/176): the list's address travels with
// it as `back` (its filters, its page and whether its counts were asked for), so the page offers Previous
// and Next within that list, "Send and next", and a Back that returns to the same filters and page.
// `back` is read as the list reads its own address and written again from what was read: nothing else
// in it survives, and it can only ever lead to the Contact Submissions tab.

/** The list's own parameters of an address, as a message page carries them: "" for the plain queue. */
export function listBack(params: URLSearchParams): string {
  const filter = parseContactFilter(params);
  const after = cursorParam(params.get("after"));
  const asked = filter.query !== null && params.get(SHOW_COUNTS.param) === SHOW_COUNTS.value;
  const kept = new URLSearchParams();
  for (const [name, value] of Object.entries(contactFilterParams(filter))) {
    if (value !== null) kept.set(name, String(value));
  }
  if (asked) kept.set(SHOW_COUNTS.param, SHOW_COUNTS.value);
  if (after) kept.set("after", cursorText(after));
  return kept.toString();
}

/** The `back` a message page was given, read again: what its links carry on. */
export const backOf = (raw: string | null): string => listBack(new URLSearchParams(raw ?? ""));

/** The list a `back` names: the Contact Submissions tab with those filters, that page. */
export function listHref(back: string): string {
  return dashboardHref("contacts", Object.fromEntries(new URLSearchParams(back)));
}

/** The messages before and after one in the list `back` names, in its order (null at either end). */
export async function neighboursOf(
  db: Database,
  back: string,
  adminId: number,
  message: { id: number; createdAt: Date },
): Promise<{ previous: number | null; next: number | null }> {
  const filter = parseContactFilter(new URLSearchParams(back));
  const from = { at: secondsOf(message.createdAt), id: message.id };
  const [previous, next] = await Promise.all([
    stepInQueue(db, filter, adminId, from, true),
    stepInQueue(db, filter, adminId, from),
  ]);
  return { previous, next };
}

/** The message after one (by id) in the list `back` names; null at its end or for no such message. */
export async function nextInList(
  db: Database,
  back: string,
  adminId: number,
  id: number,
): Promise<number | null> {
  const [message] = await db
    .select({ id: contactSubmissions.id, createdAt: contactSubmissions.createdAt })
    .from(contactSubmissions)
    .where(eq(contactSubmissions.id, id));
  if (!message) return null;
  const filter = parseContactFilter(new URLSearchParams(back));
  return stepInQueue(db, filter, adminId, { at: secondsOf(message.createdAt), id });
}
