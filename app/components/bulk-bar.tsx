import { useEffect, useRef } from "react";
import { Form } from "react-router";
import type { BulkScope } from "~/lib/bulk-moves";
import { countLabel } from "~/lib/counts";
import type { BulkIntent } from "~/lib/page-intents";
import { useHydrated } from "~/lib/use-hydrated";

// A list's bulk action and the box that ticks its whole page (docs/decisions/152, 177). Handed on from
// admin-lists.tsx, so it travels in that module's chunk.

/** The ticked boxes of the rows that belong to the form `form`. */
const rowBoxes = (form: string) => [
  ...document.querySelectorAll<HTMLInputElement>(`input[type="checkbox"][name="ids"][form="${form}"]`),
];

/**
 * The heading's box that ticks or unticks every row of the page: JavaScript's addition (without it the
 * bar's "All matching" and "All except the ticked" cover the page and more), so it is drawn once it runs.
 * It shows whether all, some (mixed) or none of the rows are ticked, however they were ticked.
 */
export function TickAll({ form }: { form: string }) {
  const hydrated = useHydrated();
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const sync = () => {
      if (!box.current) return;
      const rows = rowBoxes(form);
      const ticked = rows.filter((row) => row.checked).length;
      box.current.checked = ticked > 0 && ticked === rows.length;
      box.current.indeterminate = ticked > 0 && ticked < rows.length;
    };
    sync();
    document.addEventListener("change", sync);
    return () => document.removeEventListener("change", sync);
  });
  if (!hydrated) return <span className="sr-only">Tick</span>;
  return (
    <input
      ref={box}
      type="checkbox"
      aria-label="Tick every row on this page"
      className="size-4 align-middle"
      onChange={(event) => {
        for (const row of rowBoxes(form)) row.checked = event.currentTarget.checked;
      }}
    />
  );
}

const SCOPE_WORDS: Record<BulkScope, (total: number | null) => string> = {
  ticked: () => "The ticked ones",
  matching: (total) => `All ${total === null ? "" : `${countLabel(total)} `}matching`,
  except: () => "All except the ticked",
};

/**
 * The bulk action of a list: its rows' boxes belong to this form (their `form` attribute), and it acts on
 * the ticked rows, on every row the list's filters select that existed when the page was shown (`upto`,
 * the newest id then), or, where the list offers it, on those but the ticked. It posts to the list's own
 * address, whose query is the filters; the scope chosen is `scope`, which the page keeps after a move.
 */
export function BulkBar({
  id,
  label,
  intent,
  action,
  total,
  upTo,
  field,
  choices,
  scopes = ["ticked", "matching"],
  scope = "ticked",
}: {
  /** The form's id, which the rows' boxes name. */
  id: string;
  label: string;
  intent: BulkIntent;
  /** The list's address, filters included. */
  action: string;
  total: number | null;
  upTo: number | null;
  /** The name of the buttons' field, and each button's value and words. */
  field: string;
  choices: { value: string; label: string }[];
  /** The scopes offered, in order. */
  scopes?: readonly BulkScope[];
  /** The scope chosen: the last move's, or the address's. */
  scope?: BulkScope;
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
      {/* Keyed by the scope, so a scope the page answers with is drawn checked with JavaScript too. */}
      <fieldset key={scope} className="flex flex-wrap items-center gap-3">
        <legend className="sr-only">Which rows</legend>
        {scopes.map((value) => (
          <label key={value} className="flex items-center gap-1">
            <input type="radio" name="scope" value={value} defaultChecked={value === scope} />{" "}
            {SCOPE_WORDS[value](total)}
          </label>
        ))}
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
