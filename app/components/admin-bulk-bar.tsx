import { Form } from "react-router";
import { countLabel } from "~/lib/counts";

// The bulk action of a dashboard list (docs/decisions/152-message-states-and-claims.md): its rows' boxes
// belong to this form (their `form` attribute), and it acts on the ticked rows or on every row the list's
// filters select that existed when the page was shown (`upto`, the newest id then). It posts to the list's
// own address, whose query is the filters.

export function BulkBar({
  id,
  label,
  intent,
  action,
  total,
  upTo,
  field,
  choices,
}: {
  /** The form's id, which the rows' boxes name. */
  id: string;
  label: string;
  intent: string;
  /** The list's address, filters included. */
  action: string;
  total: number;
  upTo: number | null;
  /** The name of the buttons' field, and each button's value and words. */
  field: string;
  choices: { value: string; label: string }[];
}) {
  return (
    <Form
      method="post"
      action={action}
      id={id}
      aria-label={label}
      preventScrollReset
      className="mt-1.5 flex flex-wrap items-center gap-2 text-sm"
    >
      <input type="hidden" name="intent" value={intent} />
      {upTo === null ? null : <input type="hidden" name="upto" value={upTo} />}
      <fieldset className="flex flex-wrap items-center gap-3">
        <legend className="sr-only">Which rows</legend>
        <label className="flex items-center gap-1">
          <input type="radio" name="scope" value="ticked" defaultChecked /> The ticked ones
        </label>
        <label className="flex items-center gap-1">
          <input type="radio" name="scope" value="matching" /> All {countLabel(total)} matching
        </label>
      </fieldset>
      <span aria-hidden="true">→</span>
      {choices.map((choice) => (
        <button
          key={choice.value}
          type="submit"
          name={field}
          value={choice.value}
          className="inline-flex min-h-6 items-center rounded-full border border-brand px-2.5 py-0.5 font-semibold text-brand hover:bg-brand-soft"
        >
          {choice.label}
        </button>
      ))}
    </Form>
  );
}
