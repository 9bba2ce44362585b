import type { FieldErrors } from "../field-errors";
import { documentSchema, type Fields, pathErrorsOf } from "./fields";

// A kind of editable content, declared once (issue 41, item 7): its fields and their limits, the rules a
// document keeps beyond each field's own, its seed (the first published version, as the spec writes it)
// and the public pages it renders. The Content tab, the JSON API, history, preview, the audit log and the
// pages' refresh all read this declaration; content-kinds/index.ts lists the kinds.

export interface ContentKind<D> {
  /** The document's name in the API and the tab's address: "tranches". */
  readonly name: string;
  /** What the Content tab calls it: "Token tranches". */
  readonly title: string;
  /** The public pages this document's data renders; the first is the one a preview opens. */
  readonly paths: readonly [string, ...string[]];
  readonly fields: Fields;
  /** Problems across fields, keyed by path, checked once every field passed its own schema. */
  readonly rules?: (document: D) => FieldErrors;
  /** The spec's figures: the first published version (seeded by migration) and the build's own page. */
  readonly seed: D;
}

export const defineKind = <D>(kind: ContentKind<D>): ContentKind<D> => kind;

export type Checked<D> = { ok: true; document: D } | { ok: false; fieldErrors: FieldErrors };

/** The document as this kind accepts it (trimmed), or every problem by path: its fields', then its rules'. */
export function checkDocument<D>(kind: ContentKind<D>, data: unknown): Checked<D> {
  const parsed = documentSchema(kind.fields).safeParse(data);
  if (!parsed.success) return { ok: false, fieldErrors: pathErrorsOf(parsed.error.issues) };
  const document = parsed.data as D;
  const problems = kind.rules?.(document) ?? {};
  return Object.keys(problems).length > 0 ? { ok: false, fieldErrors: problems } : { ok: true, document };
}

/** Problems for every value of `key` that more than one item of a list shares: "articles.3.url". */
export function duplicatesIn<T>(
  items: readonly T[],
  key: (item: T) => string,
  path: (index: number) => string,
  message: string,
): FieldErrors {
  const seen = new Set<string>();
  const problems: FieldErrors = {};
  items.forEach((item, index) => {
    const value = key(item).toLowerCase();
    if (seen.has(value)) problems[path(index)] = message;
    seen.add(value);
  });
  return problems;
}
