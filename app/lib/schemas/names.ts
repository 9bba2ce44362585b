import { z } from "zod/mini";
import { requiredText } from "./fields";

// Names held to one line (decision 124), for the server's schemas only: an island form's text inputs cannot
// hold a line break, its bytes count against the island's budget, and the server's field error reaches the
// island as any other does. A module of its own, so no island chunk carries it.

/** Line breaks, other control characters and the marks that reorder text (U+2028–U+202E, U+2066–U+2069). */
const NOT_IN_A_NAME = /[\p{Cc}\u2028-\u202E\u2066-\u2069]/u;

const oneLineMessage = (label: string) =>
  `${label} must be one line, without line breaks or control characters`;

/**
 * A first or last name as the server takes it: required, at most `max` characters, and one line that reads
 * as it is stored, for it goes into headers, mail and lists (decision 124).
 */
export const personName = (label: string, max: number) =>
  requiredText(label, max).check(
    z.refine((value: string) => !NOT_IN_A_NAME.test(value), oneLineMessage(label)),
  );

/**
 * The same rule over a form's names, for the server's copy of an island form's schema: the island's own
 * copy leaves it out (its text inputs cannot hold a line break, and its bytes count against the island's
 * budget), and the server's field error reaches the island as any other does.
 */
export const namesOnOneLine = (["firstName", "lastName"] as const).map((field) =>
  z.refine<{ firstName?: unknown; lastName?: unknown }>(
    (value) => typeof value[field] !== "string" || !NOT_IN_A_NAME.test(value[field]),
    { path: [field], message: oneLineMessage(field === "firstName" ? "First name" : "Last name") },
  ),
);
