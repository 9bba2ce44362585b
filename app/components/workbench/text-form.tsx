import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import type { TextFormIntent } from "~/lib/page-intents";

/**
 * A form of one text box that posts an intent (a note, a reply) to the page it is on, without JavaScript
 * too. Its field errors show under the box; while it is being sent its button waits.
 */
export function TextForm({
  id,
  intent,
  label,
  submit,
  maxLength,
  defaultValue,
  error,
  hidden,
  action,
  shortcut,
  children,
}: {
  id: string;
  intent: TextFormIntent;
  label: string;
  submit: string;
  maxLength: number;
  defaultValue: string;
  error?: string;
  hidden: Record<string, string>;
  /** Where it posts, when not to the page as it is (a page whose address picked what fills the box). */
  action?: string;
  /** The key that brings the focus to its box (list-keys.tsx), when it has one. */
  shortcut?: string;
  children?: ReactNode;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const errorId = `${id}-error`;
  return (
    <Form method="post" action={action} preventScrollReset className="mt-3">
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <textarea
        id={id}
        name="body"
        required
        rows={6}
        maxLength={maxLength}
        aria-keyshortcuts={shortcut}
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className="mt-1 block w-full rounded-lg border border-line bg-surface px-3 py-2 text-ink"
      />
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-danger">
          {error}
        </p>
      ) : null}
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <button
          type="submit"
          disabled={busy}
          className="inline-flex min-h-10 items-center rounded-full bg-brand px-4 py-2 text-sm font-semibold text-white hover:bg-brand-strong disabled:opacity-60"
        >
          {busy ? "Sending..." : submit}
        </button>
        {children}
      </div>
    </Form>
  );
}
