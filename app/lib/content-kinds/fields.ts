import { z } from "zod/mini";
import type { FieldErrors } from "../field-errors";

// The fields of an editable document, declared once per kind (kind.ts): from them come the schema that
// every save and publish passes (its limits and messages), the Content tab's form, and the reading of that
// form back into a document. A field's errors are keyed by its path: "articles.2.url".

export type Field =
  | { type: "text"; label: string; max: number; multiline?: boolean; optional?: boolean }
  /** An address: https: only. */
  | { type: "url"; label: string; max: number }
  /** A calendar date, "YYYY-MM-DD". */
  | { type: "date"; label: string }
  | { type: "choice"; label: string; options: readonly string[] }
  | { type: "integer"; label: string }
  | { type: "number"; label: string }
  /** A short list of lines (a role's responsibilities): one line each in the editor. */
  | { type: "lines"; label: string; max: number; maxLines: number }
  | { type: "list"; label: string; itemLabel: string; item: Fields; min: number; max: number };

export type Fields = Readonly<Record<string, Field>>;

/** The longest address any field takes. */
export const CONTENT_URL_MAX = 500;

/**
 * Whether text holds what no published text may: a control character (line breaks are checked apart, a
 * field of several lines keeps them) or a bidirectional override, which makes text read otherwise than it
 * is stored.
 */
function hasHiddenCharacter(value: string): boolean {
  for (const character of value) {
    const code = character.codePointAt(0) ?? 0;
    const control = (code < 0x20 && code !== 0x0a && code !== 0x0d) || (code >= 0x7f && code <= 0x9f);
    const direction =
      code === 0x200e ||
      code === 0x200f ||
      (code >= 0x202a && code <= 0x202e) ||
      (code >= 0x2066 && code <= 0x2069);
    if (control || direction) return true;
  }
  return false;
}

const LINE_BREAK = /[\r\n]/;

const text = (label: string, max: number, optional = false, multiline = false) =>
  z.string(`${label} is text`).check(
    z.trim(),
    ...(optional ? [] : [z.minLength(1, `${label} is required`)]),
    z.maxLength(max, `${label} must be at most ${max} characters`),
    z.refine((value) => !hasHiddenCharacter(value), `${label} holds a control or direction character`),
    z.refine((value) => multiline || !LINE_BREAK.test(value), `${label} is one line`),
  );

const isHttpsAddress = (value: string) => {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return url.protocol === "https:" && url.username === "" && url.password === "" && url.hostname !== "";
};

const isRealDate = (value: string) => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
};

function fieldSchema(field: Field): z.ZodMiniType {
  switch (field.type) {
    case "text":
      return text(field.label, field.max, field.optional, field.multiline);
    case "url":
      return text(field.label, field.max).check(
        z.refine(isHttpsAddress, `${field.label} is an https: address`),
      );
    case "date":
      return z
        .string(`${field.label} is a date`)
        .check(z.trim(), z.refine(isRealDate, `${field.label} is a real date, written YYYY-MM-DD`));
    case "choice":
      return z.enum(
        field.options as [string, ...string[]],
        `${field.label} is one of ${field.options.join(", ")}`,
      );
    case "integer":
      return z
        .number(`${field.label} is a number`)
        .check(z.int(`${field.label} is a whole number`), z.positive(`${field.label} is above zero`));
    case "number":
      return z
        .number(`${field.label} is a number`)
        .check(
          z.refine(Number.isFinite, `${field.label} is a number`),
          z.positive(`${field.label} is above zero`),
        );
    case "lines":
      return z
        .array(text(field.label, field.max), `${field.label} is a list`)
        .check(
          z.minLength(1, `${field.label} has at least one line`),
          z.maxLength(field.maxLines, `${field.label} has at most ${field.maxLines} lines`),
        );
    case "list":
      return z
        .array(documentSchema(field.item), `${field.label} is a list`)
        .check(
          z.minLength(field.min, `There is at least ${field.min} ${field.itemLabel.toLowerCase()}`),
          z.maxLength(field.max, `There are at most ${field.max} ${field.label.toLowerCase()}`),
        );
  }
}

/** The schema of a document of these fields: every field, no other key. */
export function documentSchema(fields: Fields): z.ZodMiniType<Record<string, unknown>> {
  return z.strictObject(
    Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, fieldSchema(field)])),
  ) as unknown as z.ZodMiniType<Record<string, unknown>>;
}

/** zod's issues keyed by their whole path ("articles.2.url"); the first message of each. */
export function pathErrorsOf(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path.length === 0 ? "form" : issue.path.map(String).join(".");
    errors[key] ??= issue.message;
  }
  return errors;
}

const NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * A document read from a form whose inputs are named by path ("articles.2.url"), as the Content tab writes
 * them; a list has as many items as its highest index names. Numbers typed as digits become numbers;
 * anything else stays text, for the schema to refuse with its message.
 */
export function documentFromForm(
  fields: Fields,
  form: ReadonlyMap<string, string>,
  prefix = "",
): Record<string, unknown> {
  const document: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(fields)) {
    const path = `${prefix}${name}`;
    const value = form.get(path);
    switch (field.type) {
      case "integer":
      case "number": {
        const typed = (value ?? "").replaceAll(",", "").trim();
        document[name] = NUMBER.test(typed) ? Number(typed) : typed;
        break;
      }
      case "lines":
        document[name] = (value ?? "")
          .split(/\r?\n/)
          .map((line) => line.trim())
          .filter((line) => line !== "");
        break;
      case "list": {
        const indices = [...form.keys()].flatMap((key) => {
          const match = key.startsWith(`${path}.`) ? /^(\d+)\./.exec(key.slice(path.length + 1)) : null;
          return match ? [Number(match[1])] : [];
        });
        const count = indices.length === 0 ? 0 : Math.min(Math.max(...indices) + 1, field.max + 1);
        document[name] = Array.from({ length: count }, (_, index) =>
          documentFromForm(field.item, form, `${path}.${index}.`),
        );
        break;
      }
      default:
        document[name] = value ?? "";
    }
  }
  return document;
}
