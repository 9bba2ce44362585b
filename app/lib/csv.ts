// CSV as RFC 4180 writes it, for files people open in a spreadsheet: a field is quoted when it holds a
// quote, a comma or a line break (quotes doubled), records end in CRLF, and a text a spreadsheet would run
// as a formula is defused (OWASP, "CSV injection").

export type CsvValue = string | number | null;

/** One field; a text starting with = + - @, a tab or a carriage return gets a leading ' first. */
export function csvField(value: CsvValue): string {
  if (value === null) return "";
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A document: the header row, then the records, each line ending in CRLF. */
export function csvDocument(header: readonly string[], records: Iterable<readonly CsvValue[]>): string {
  const lines = [header.map(csvField).join(",")];
  for (const record of records) lines.push(record.map(csvField).join(","));
  return `${lines.join("\r\n")}\r\n`;
}
