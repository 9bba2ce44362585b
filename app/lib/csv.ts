// CSV as RFC 4180 writes it, for files people open in a spreadsheet: every field is quoted (quotes
// doubled), records end in CRLF, and text a spreadsheet would run as a formula is defused (OWASP, "CSV
// injection"). A spreadsheet may split fields at other separators than ours (`;` in many locales, a tab,
// `|`), so a formula trigger is defused wherever a cell could start: at the start of the field and after
// any of those separators or a line break inside it, with any spaces or quotes between (a spreadsheet that
// splits `z;"=1+1;` at `;` reads the quoted cell `"=1+1`).

export type CsvValue = string | number | null;

/**
 * Where a spreadsheet may start a cell: the field's start, or just after a separator or a line break; then
 * any spaces and quotes a cell's text may begin after.
 */
const CELL_START = /(?<=^|[,;\t|\r\n])[ "]*(?=[=+\-@\t\r])/g;

/** The field's text with a ' before every formula trigger (= + - @ tab CR) that could start a cell. */
function defused(text: string): string {
  // A lookbehind, so a tab or CR that is defused as a cell's first character still ends that cell.
  return text.replace(CELL_START, "$&'");
}

/** One field, always quoted: `Mozilla;=1+1;x` becomes `"Mozilla;'=1+1;x"`, `z;"=1+1;` `"z;""'=1+1;"`. */
export function csvField(value: CsvValue): string {
  if (value === null) return '""';
  if (typeof value === "number") return `"${value}"`;
  return `"${defused(value).replaceAll('"', '""')}"`;
}

/** A document: the header row, then the records, each line ending in CRLF. */
export function csvDocument(header: readonly string[], records: Iterable<readonly CsvValue[]>): string {
  const lines = [header.map(csvField).join(",")];
  for (const record of records) lines.push(record.map(csvField).join(","));
  return `${lines.join("\r\n")}\r\n`;
}
