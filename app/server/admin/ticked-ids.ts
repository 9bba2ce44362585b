import { z } from "zod/mini";
import { ADMIN_PAGE_SIZE } from "./admin-lists.server";

// The rows a bulk action names by their ticked boxes (decision 152): a page of a list at most. D1 binds at
// most 100 parameters to a statement, and a bulk action's statements bind the ids beside about ten others.

export const MOST_TICKED = ADMIN_PAGE_SIZE;

/** The ticked ids as the form joins them ("12,15,31"): one to MOST_TICKED positive whole numbers. */
export function tickedIds(message: string) {
  const pattern = new RegExp(`^[1-9]\\d{0,15}(,[1-9]\\d{0,15}){0,${MOST_TICKED - 1}}$`);
  return z.string().check(z.regex(pattern, message));
}
