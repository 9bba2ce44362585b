import { type FormEvent, useCallback, useRef, useState } from "react";
import type { z } from "zod";
import { type FieldErrors, fieldErrorsOf } from "./schemas";

/**
 * Validates a form with its zod schema on submit and, after the first submit, on every change
 * (spec section 5). An invalid submit is stopped in the browser; the server validates again.
 */
export function useFormValidation(schema: z.ZodType) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const submitted = useRef(false);

  const validate = useCallback(
    (form: HTMLFormElement) => {
      const result = schema.safeParse(Object.fromEntries(new FormData(form)));
      const next = result.success ? {} : fieldErrorsOf(result.error);
      setErrors(next);
      return result.success;
    },
    [schema],
  );

  const onSubmit = useCallback(
    (event: FormEvent<HTMLFormElement>) => {
      submitted.current = true;
      if (!validate(event.currentTarget)) {
        event.preventDefault();
        const firstInvalid = event.currentTarget.querySelector<HTMLElement>("[aria-invalid='true']");
        // Focus moves after React has marked the fields invalid.
        requestAnimationFrame(() =>
          (firstInvalid ?? event.currentTarget?.querySelector<HTMLElement>("[aria-invalid='true']"))?.focus(),
        );
      }
    },
    [validate],
  );

  const onChange = useCallback(
    (event: FormEvent<HTMLFormElement>) => {
      if (submitted.current) validate(event.currentTarget);
    },
    [validate],
  );

  const reset = useCallback(() => {
    submitted.current = false;
    setErrors({});
  }, []);

  return { errors, submitted: submitted.current, onSubmit, onChange, reset };
}
