import type { Fields } from "./fields";

// The Content tab's edits of a list without JavaScript: each a button that posts the whole form with
// `edit=<op>:<path>` (add:articles, remove:articles.2, up:articles.2, down:articles.2). The edited
// document is shown again, not saved: only Save makes a revision.

type Edit = { op: "add" | "remove" | "up" | "down"; path: string[] };

export function parseEdit(raw: string | undefined): Edit | null {
  const match = /^(add|remove|up|down):([a-z]+(?:\.\d{1,3}\.[a-z]+)*(?:\.\d{1,3})?)$/i.exec(raw ?? "");
  return match ? { op: match[1] as Edit["op"], path: (match[2] ?? "").split(".") } : null;
}

/** An empty item of a list's fields: blank text, the first choice, no number. */
export function emptyItem(fields: Fields): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(fields).map(([name, field]) => {
      if (field.type === "choice") return [name, field.options[0] ?? ""];
      if (field.type === "list") return [name, field.min > 0 ? [emptyItem(field.item)] : []];
      if (field.type === "lines") return [name, []];
      return [name, ""];
    }),
  );
}

/** Makes the edit inside `holder`, whose fields are `fields`; whether the path named something. */
function editIn(fields: Fields, holder: unknown, path: readonly string[], op: Edit["op"]): boolean {
  const [key = "", indexText, ...rest] = path;
  const field = fields[key];
  const list =
    typeof holder === "object" && holder !== null ? (holder as Record<string, unknown>)[key] : null;
  if (field?.type !== "list" || !Array.isArray(list)) return false;
  if (indexText === undefined) {
    if (op === "add" && list.length < field.max) list.push(emptyItem(field.item));
    return op === "add";
  }
  const index = Number(indexText);
  if (!Number.isInteger(index) || index < 0 || index >= list.length) return false;
  if (rest.length > 0) return editIn(field.item, list[index], rest, op);
  if (op === "remove") list.splice(index, 1);
  else if (op === "up" || op === "down") {
    const other = op === "up" ? index - 1 : index + 1;
    if (other >= 0 && other < list.length) [list[index], list[other]] = [list[other], list[index]];
  }
  return op !== "add";
}

/** The document with one edit made; the same document when the edit names nothing in it. */
export function applyEdit(
  fields: Fields,
  document: Record<string, unknown>,
  edit: Edit,
): Record<string, unknown> {
  const copy = structuredClone(document);
  return editIn(fields, copy, edit.path, edit.op) ? copy : document;
}
