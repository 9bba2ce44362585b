import { type FormEvent, useCallback, useRef, useState } from "react";
import type { z } from "zod/mini";
import { type FieldErrors, fieldErrorsOf } from "./field-errors";
import { useHydrated } from "./use-hydrated";

type SchemaLoader = () => Promise<z.core.$ZodType>;

function errorsOf(schema: z.core.$ZodType, form: HTMLFormElement): FieldErrors | null {
  const result = schema["~standard"].validate(Object.fromEntries(new FormData(form)));
  if (result instanceof Promise || !result.issues) return null;
  return fieldErrorsOf(result);
}

/**
 * Validates a form with its zod schema (the server's own) on submit and, after the first submit, on
 * every change (spec section 5). An invalid submit is stopped in the browser; the server validates again.
 *
 * The schema module is loaded when the person first focuses the form, not with the page: it is the
 * largest piece of our own code and would otherwise push interactive pages past their JavaScript budget.
 *
 * Until the browser has validated a submit, the errors shown are the server's (`serverErrors`), so the
 * same form shows the right messages with or without JavaScript; after, the browser's over the server's.
 *
 * A valid submit goes on as the form's own, or, given `onValid`, is handed to it instead (an island posts
 * the form itself: app/lib/island-form.ts).
 */
export function useFormValidation(
  loadSchema: SchemaLoader,
  serverErrors: FieldErrors | undefined,
  onValid?: (form: HTMLFormElement, submitter: HTMLElement | null) => void,
) {
  const hydrated = useHydrated();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const schema = useRef<z.core.$ZodType | null>(null);
  const loading = useRef<Promise<z.core.$ZodType> | null>(null);
  /** Set while a submit that passed validation is sent on with requestSubmit(). */
  const releasing = useRef(false);

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
      setSubmitted(true);
      if (releasing.current) {
        releasing.current = false;
        return;
      }
      const form = event.currentTarget;
      const submitter = (event.nativeEvent as SubmitEvent).submitter;
      if (schema.current) {
        if (!validate(form, schema.current)) event.preventDefault();
        else if (onValid) {
          event.preventDefault();
          onValid(form, submitter);
        }
        return;
      }
      // Not loaded yet: hold the submit, validate, then send it on if it passes.
      event.preventDefault();
      void load().then((loaded) => {
        if (!validate(form, loaded)) return;
        if (onValid) return onValid(form, submitter);
        releasing.current = true;
        form.requestSubmit(submitter);
      });
    },
    [load, validate, onValid],
  );

  const onChange = useCallback(
    (event: FormEvent<HTMLFormElement>) => {
      if (!submitted || !schema.current) return;
      setErrors(errorsOf(schema.current, event.currentTarget) ?? {});
    },
    [submitted],
  );

  return {
    // After a submit, the browser's errors, and the server's for what only the server checks (a token
    // application's payment method, a name on one line): an island's answer reaches its fields too.
    errors: submitted ? { ...serverErrors, ...errors } : (serverErrors ?? {}),
    formProps: { noValidate: hydrated, onSubmit, onChange, onFocus: load },
  };
}
