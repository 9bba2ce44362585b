import { NOTE_MAX } from "~/lib/field-limits";
import { TextForm } from "./text-form";

/**
 * The box that adds an internal note to a message or a person. `written` counts the notes shown, so the
 * box empties once one is added; a refused note comes back with its text and error.
 */
export function NoteForm({
  subjectId,
  written,
  failed,
  action,
}: {
  subjectId: number;
  written: number;
  failed?: { values?: Record<string, string>; fieldErrors?: Record<string, string | undefined> };
  action?: string;
}) {
  return (
    <>
      <p className="text-sm text-ink-muted">Only administrators see notes.</p>
      <TextForm
        key={`note-${written}`}
        id="note-body"
        intent="note"
        label="Add a note"
        submit="Add note"
        maxLength={NOTE_MAX}
        defaultValue={failed?.values?.body ?? ""}
        error={failed?.fieldErrors?.body}
        hidden={{ id: String(subjectId) }}
        action={action}
      />
    </>
  );
}
