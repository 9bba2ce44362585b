/** Field name → the first message for that field. */
export type FieldErrors = Record<string, string>;

interface Issue {
  readonly path?: readonly (PropertyKey | { readonly key: PropertyKey })[] | undefined;
  readonly message: string;
}

/** The first message for each field, from zod's (or any Standard Schema's) issues. */
export function fieldErrorsOf({ issues }: { readonly issues: readonly Issue[] }): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const first = issue.path?.[0];
    const key = String(typeof first === "object" && first !== null ? first.key : (first ?? "form"));
    errors[key] ??= issue.message;
  }
  return errors;
}
