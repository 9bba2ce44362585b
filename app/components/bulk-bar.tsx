import { Form } from "react-router";
import type { BulkScope, ScopeChoice } from "~/lib/bulk-moves";
import type { BulkIntent } from "~/lib/page-intents";

// A list's bulk action and the box that ticks its whole page (docs/decisions/152, 177). Handed on from
// admin-lists.tsx, so it travels in that module's chunk.

/**
 * The heading's box that ticks or unticks every row of the page: JavaScript's addition (without it the
 * bar's "All matching" and "All except the ticked" cover the page and more), so it is drawn once it runs.
 * It only sets the rows' boxes, and follows none of them: an app page's script budget is that tight.
 */
export function TickAll({ hydrated }: { hydrated: boolean }) {
  if (!hydrated) return <span className="sr-only">Tick</span>;
  return (
    <input
      type="checkbox"
      aria-label="Tick every row on this page"
      className="size-4 align-middle"
      onChange={({ currentTarget: box }) => {
        for (const row of box.closest("table")?.querySelectorAll("tbody input") ?? []) {
          (row as HTMLInputElement).checked = box.checked;
        }
      }}
    />
  );
}

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
  upTo,
  field,
  choices,
  scopes,
  scope = "ticked",
}: {
  /** The form's id, which the rows' boxes name. */
  id: string;
  label: string;
  intent: BulkIntent;
  /** The list's address, filters included. */
  action: string;
  upTo: number | null;
  /** The name of the buttons' field, and each button's value and words. */
  field: string;
  choices: { value: string; label: string }[];
  /** The scopes offered, in order and in words (`scopeChoices`, made by the list's loader). */
  scopes: ScopeChoice[];
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
        {scopes.map(({ value, label: words }) => (
          <label key={value} className="flex items-center gap-1">
            <input type="radio" name="scope" value={value} defaultChecked={value === scope} /> {words}
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
