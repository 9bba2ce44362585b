import { z } from "zod/mini";
import { optionalText, requiredText } from "./fields";

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

/** An optional one-line field (a company, a phone) as the server takes it: at most `max`, one line. */
export const oneLineText = (label: string, max: number) =>
  optionalText(label, max).check(
    z.refine((value: string | null) => value === null || !NOT_IN_A_NAME.test(value), oneLineMessage(label)),
  );

/** The one-line fields of the person forms, by their labels: names, company and phone. */
const ONE_LINE_FIELDS = {
  firstName: "First name",
  lastName: "Last name",
  company: "Company",
  phone: "Phone",
};
type OneLineField = keyof typeof ONE_LINE_FIELDS;

/**
 * The same rule over a form's one-line fields, for the server's copy of an island form's schema: the
 * island's own copy leaves it out (its text inputs cannot hold a line break, and its bytes count against
 * the island's budget), and the server's field error reaches the island as any other does. Company and
 * phone go into the administrators' notification emails, where a line break would forge a line.
 */
export const fieldsOnOneLine = (Object.keys(ONE_LINE_FIELDS) as OneLineField[]).map((field) =>
  z.refine<Partial<Record<OneLineField, unknown>>>(
    (value) => typeof value[field] !== "string" || !NOT_IN_A_NAME.test(value[field]),
    { path: [field], message: oneLineMessage(ONE_LINE_FIELDS[field]) },
  ),
);
