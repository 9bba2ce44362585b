import type { Field, Fields } from "~/lib/content-kinds/fields";
import type { FieldErrors } from "~/lib/field-errors";
import { SelectField, TextAreaField, TextField } from "./ui/form-field";

// The Content tab's form of a document, drawn from its kind's fields (app/lib/content-kinds): every input
// named by its path ("articles.2.url"), as documentFromForm reads it back, with its limit and its error.
// A list's items each have Move up, Move down and Remove, and the list an Add: buttons that post the form
// with `edit=…`, so they work without JavaScript (the edited document comes back, not saved).

const editButton =
  "rounded-lg border border-line bg-surface px-3 py-1.5 text-sm font-semibold text-ink hover:bg-surface-muted focus-visible:outline-3 focus-visible:outline-brand";

type Value = unknown;

const idOf = (path: string) => `field-${path.replaceAll(".", "-")}`;
const text = (value: Value) => (value === undefined || value === null ? "" : String(value));

function Input({
  field,
  path,
  value,
  error,
}: {
  field: Exclude<Field, { type: "list" }>;
  path: string;
  value: Value;
  error?: string;
}) {
  const common = { id: idOf(path), name: path, label: field.label, error };
  switch (field.type) {
    case "text":
      return field.multiline ? (
        <TextAreaField
          {...common}
          rows={3}
          maxLength={field.max}
          required={!field.optional}
          defaultValue={text(value)}
        />
      ) : (
        <TextField {...common} maxLength={field.max} required={!field.optional} defaultValue={text(value)} />
      );
    case "url":
      return <TextField {...common} type="url" maxLength={field.max} required defaultValue={text(value)} />;
    case "date":
      return <TextField {...common} type="date" required defaultValue={text(value)} />;
    case "integer":
    case "number":
      return (
        <TextField
          {...common}
          inputMode={field.type === "integer" ? "numeric" : "decimal"}
          required
          defaultValue={text(value)}
        />
      );
    case "lines":
      return (
        <TextAreaField
          {...common}
          rows={4}
          required
          hint={`One per line, at most ${field.maxLines}.`}
          defaultValue={Array.isArray(value) ? value.join("\n") : ""}
        />
      );
    case "choice":
      return (
        <SelectField {...common} required defaultValue={text(value)}>
          {field.options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </SelectField>
      );
  }
}

/** An item's buttons: Move up, Move down and Remove, each off where it would do nothing or too much. */
const itemEdits = (index: number, count: number, min: number) => [
  { op: "up", label: "Move up", disabled: index === 0 },
  { op: "down", label: "Move down", disabled: index === count - 1 },
  { op: "remove", label: "Remove", disabled: count <= min },
];

function ListField({
  field,
  path,
  items,
  errors,
}: {
  field: Extract<Field, { type: "list" }>;
  path: string;
  items: Value;
  errors: FieldErrors;
}) {
  const list = Array.isArray(items) ? (items as Record<string, Value>[]) : [];
  const error = errors[path];
  return (
    <fieldset className="mt-4 rounded-xl border border-line p-4">
      <legend className="px-1 font-semibold">{field.label}</legend>
      {error ? (
        <p id={`${idOf(path)}-error`} className="text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
      <ol className="space-y-4">
        {list.map((item, index) => {
          const itemPath = `${path}.${index}`;
          const name = `${field.itemLabel} ${index + 1}`;
          return (
            // The position is the item's identity here: the form names its inputs by it.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above.
            <li key={index} className="rounded-lg bg-surface-muted/40 p-3">
              <fieldset>
                <legend className="font-semibold">{name}</legend>
                <div className="mt-2 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
                  <DocumentFields fields={field.item} values={item} errors={errors} prefix={`${itemPath}.`} />
                </div>
                <div className="mt-3 flex flex-wrap gap-2">
                  {itemEdits(index, list.length, field.min).map(({ op, label, disabled }) => (
                    <button
                      key={op}
                      type="submit"
                      formNoValidate
                      name="edit"
                      value={`${op}:${itemPath}`}
                      disabled={disabled}
                      className={editButton}
                    >
                      {label}
                      <span className="sr-only"> {name}</span>
                    </button>
                  ))}
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>
      <button
        type="submit"
        formNoValidate
        name="edit"
        value={`add:${path}`}
        disabled={list.length >= field.max}
        className={`${editButton} mt-3`}
      >
        Add {field.itemLabel.toLowerCase()}
      </button>
    </fieldset>
  );
}

/** Every field of `fields`, its value from `values` and its error from `errors`, named under `prefix`. */
export function DocumentFields({
  fields,
  values,
  errors,
  prefix = "",
}: {
  fields: Fields;
  values: Value;
  errors: FieldErrors;
  prefix?: string;
}) {
  const record = typeof values === "object" && values !== null ? (values as Record<string, Value>) : {};
  return (
    <>
      {Object.entries(fields).map(([name, field]) => {
        const path = `${prefix}${name}`;
        return field.type === "list" ? (
          <div key={path} className="col-span-full">
            <ListField field={field} path={path} items={record[name]} errors={errors} />
          </div>
        ) : (
          <Input key={path} field={field} path={path} value={record[name]} error={errors[path]} />
        );
      })}
    </>
  );
}
