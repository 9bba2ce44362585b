import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";

const controlClass =
  "mt-1 block w-full rounded-lg border border-line bg-surface px-3 py-2.5 text-ink shadow-sm aria-[invalid=true]:border-danger focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-brand";

interface FieldShellProps {
  id: string;
  label: string;
  error?: string | undefined;
  optional?: boolean;
  hint?: ReactNode;
  children: ReactNode;
}

function FieldShell({ id, label, error, optional, hint, children }: FieldShellProps) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-ink">
        {label}
        {optional ? <span className="font-normal text-ink-muted"> (optional)</span> : null}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-ink-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function describedBy(id: string, error?: string, hint?: ReactNode) {
  return [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;
}

type FieldProps<T> = T & {
  id: string;
  name: string;
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
};

export function TextField({
  id,
  label,
  error,
  hint,
  required,
  ...input
}: FieldProps<InputHTMLAttributes<HTMLInputElement>>) {
  return (
    <FieldShell id={id} label={label} error={error} optional={!required} hint={hint}>
      <input
        id={id}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        className={controlClass}
        {...input}
      />
    </FieldShell>
  );
}

export function TextAreaField({
  id,
  label,
  error,
  hint,
  required,
  ...textarea
}: FieldProps<TextareaHTMLAttributes<HTMLTextAreaElement>>) {
  return (
    <FieldShell id={id} label={label} error={error} optional={!required} hint={hint}>
      <textarea
        id={id}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        className={controlClass}
        {...textarea}
      />
    </FieldShell>
  );
}

export function SelectField({
  id,
  label,
  error,
  hint,
  required,
  children,
  ...select
}: FieldProps<SelectHTMLAttributes<HTMLSelectElement>>) {
  return (
    <FieldShell id={id} label={label} error={error} optional={!required} hint={hint}>
      <select
        id={id}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        className={controlClass}
        {...select}
      >
        {children}
      </select>
    </FieldShell>
  );
}

/** The honeypot: hidden from people and assistive technology, tempting to bots. */
export function HoneypotField() {
  return (
    <div className="absolute -left-[9999px] h-px w-px overflow-hidden" aria-hidden="true">
      <label htmlFor="website">Leave this field empty</label>
      <input id="website" name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}

export function SubmitButton({
  busy,
  busyLabel,
  children,
}: {
  busy: boolean;
  busyLabel: string;
  children: ReactNode;
}) {
  return (
    <button
      type="submit"
      disabled={busy}
      className="inline-flex min-h-11 w-full items-center justify-center rounded-full bg-brand px-6 py-2.5 font-semibold text-white hover:bg-brand-strong disabled:cursor-not-allowed disabled:opacity-60 sm:w-auto"
    >
      {busy ? busyLabel : children}
    </button>
  );
}

/** Under the forms that collect personal data: where to read what we do with it. */
export function PrivacyLine() {
  return (
    <p className="text-sm text-ink-muted">
      What we keep and why: our{" "}
      <a href="/privacy" className="font-semibold text-brand underline">
        privacy notice
      </a>
      .
    </p>
  );
}
