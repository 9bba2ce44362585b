import { type FormEvent, useCallback, useRef, useState } from "react";
import type { z } from "zod/mini";
import type { FieldErrors } from "./schemas";

type SchemaLoader = () => Promise<z.core.$ZodType>;

function errorsOf(schema: z.core.$ZodType, form: HTMLFormElement): FieldErrors | null {
  const result = schema["~standard"].validate(Object.fromEntries(new FormData(form)));
  if (result instanceof Promise || !result.issues) return null;
  const errors: FieldErrors = {};
  for (const issue of result.issues) {
    const first = issue.path?.[0];
    const key = String(typeof first === "object" && first !== null ? first.key : (first ?? "form"));
    errors[key] ??= issue.message;
  }
  return errors;
}

/**
 * Validates a form with its zod schema (the server's own) on submit and, after the first submit, on
 * every change (spec section 5). An invalid submit is stopped in the browser; the server validates again.
 *
 * The schema module is loaded when the person first focuses the form, not with the page: it is the
 * largest piece of our own code and would otherwise push interactive pages past their JavaScript budget.
 */
export function useFormValidation(loadSchema: SchemaLoader) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const submitted = useRef(false);
  const schema = useRef<z.core.$ZodType | null>(null);
  const loading = useRef<Promise<z.core.$ZodType> | null>(null);
  const validated = useRef(false);

  const load = useCallback(() => {
    loading.current ??= loadSchema().then((loaded) => {
      schema.current = loaded;
      return loaded;
    });
    return loading.current;
  }, [loadSchema]);

  const validate = useCallback((form: HTMLFormElement, loaded: z.core.$ZodType) => {
    const next = errorsOf(loaded, form);
    setErrors(next ?? {});
    if (next) {
      // Focus moves to the first invalid field once React has marked it.
      requestAnimationFrame(() => form.querySelector<HTMLElement>("[aria-invalid='true']")?.focus());
    }
    return next === null;
  }, []);

  const onSubmit = useCallback(
    (event: FormEvent<HTMLFormElement>) => {
      submitted.current = true;
      if (validated.current) {
        validated.current = false;
        return;
      }
      const form = event.currentTarget;
      if (schema.current) {
        if (!validate(form, schema.current)) event.preventDefault();
        return;
      }
      // Not loaded yet: hold the submit, validate, then send it on if it passes.
      event.preventDefault();
      const submitter = (event.nativeEvent as SubmitEvent).submitter;
      void load().then((loaded) => {
        if (!validate(form, loaded)) return;
        validated.current = true;
        form.requestSubmit(submitter);
      });
    },
    [load, validate],
  );

  const onChange = useCallback((event: FormEvent<HTMLFormElement>) => {
    if (!submitted.current || !schema.current) return;
    setErrors(errorsOf(schema.current, event.currentTarget) ?? {});
  }, []);

  return { errors, submitted: submitted.current, onSubmit, onChange, onFocus: load };
}
