import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { csvDocument, csvField } from "../../app/lib/csv";

// The CSV export's fields: every formula trigger (= + - @ tab CR) that a spreadsheet could read at the start
// of a cell is defused, whichever separator it splits at (, ; tab |, or a line break) and whatever spaces
// or quotes come between; the document stays valid RFC 4180 and reads back as the text with only those
// quotes added.

const SEPARATORS = new Set([",", ";", "\t", "|", "\r", "\n"]);
const TRIGGERS = new Set(["=", "+", "-", "@", "\t", "\r"]);

/** Reads an RFC 4180 document (every field quoted or not, CRLF between records) back into its records. */
function parseCsv(document: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = "";
  let i = 0;
  let quoted = false;
  while (i < document.length) {
    const char = document[i] as string;
    if (quoted) {
      if (char === '"' && document[i + 1] === '"') {
        field += '"';
        i += 2;
        continue;
      }
      if (char === '"') quoted = false;
      else field += char;
      i += 1;
      continue;
    }
    if (char === '"') {
      if (field !== "") throw new Error(`a quote inside an unquoted field at ${i}`);
      quoted = true;
    } else if (char === ",") {
      record.push(field);
      field = "";
    } else if (char === "\r" && document[i + 1] === "\n") {
      record.push(field);
      records.push(record);
      record = [];
      field = "";
      i += 1;
    } else {
      field += char;
    }
    i += 1;
  }
  if (quoted) throw new Error("an unterminated quoted field");
  if (field !== "" || record.length > 0) throw new Error("a record without its CRLF");
  return records;
}

/** Where a cell could start that begins with a formula trigger, after any spaces and quotes: none, defused. */
function triggersAtCellStarts(text: string): number[] {
  const found: number[] = [];
  for (let start = 0; start <= text.length; start++) {
    if (start > 0 && !SEPARATORS.has(text[start - 1] as string)) continue;
    let j = start;
    while (text[j] === " " || text[j] === '"') j += 1;
    if (j < text.length && TRIGGERS.has(text[j] as string)) found.push(j);
  }
  return found;
}

/** Whether `defused` is `original` with apostrophes added, and nothing else. */
function onlyApostrophesAdded(original: string, defused: string): boolean {
  let i = 0;
  for (let k = 0; k < defused.length; k++) {
    if (i < original.length && defused[k] === original[i]) i += 1;
    else if (defused[k] !== "'") return false;
  }
  return i === original.length;
}

function readBack(value: string): string {
  const records = parseCsv(csvDocument(["value", "next"], [[value, "after"]]));
  expect(records).toHaveLength(2);
  expect(records[1]).toHaveLength(2);
  expect(records[1]?.[1]).toBe("after");
  return records[1]?.[0] as string;
}

describe("csvField", () => {
  it.each([
    ["=1+1", `"'=1+1"`],
    ["z;=1+1;", `"z;'=1+1;"`],
    ['z;"=1+1;', `"z;""'=1+1;"`],
    ['z; " =1+1;', `"z; "" '=1+1;"`],
    ['z;""=HYPERLINK("x")', `"z;""""'=HYPERLINK(""x"")"`],
    ['"=1+1', `"""'=1+1"`],
    ['  "+cmd', `"  ""'+cmd"`],
    ["a,@SUM(A1)", `"a,'@SUM(A1)"`],
    ["a|-2", `"a|'-2"`],
    ["a\t=1", `"a\t'=1"`],
    ["a\n=1", `"a\n'=1"`],
    ["a\r\n+1", `"a\r\n'+1"`],
    ["\t=1", `"'\t'=1"`],
    ["a=1", `"a=1"`],
    ['a "=1', `"a ""=1"`],
    ["name@example.com", `"name@example.com"`],
    ["Mozilla/5.0 (X11; Linux x86_64)", `"Mozilla/5.0 (X11; Linux x86_64)"`],
  ])("writes %j as %s", (value, expected) => {
    expect(csvField(value)).toBe(expected);
  });

  it("writes null as an empty field and a number as itself", () => {
    expect(csvField(null)).toBe('""');
    expect(csvField(-12)).toBe('"-12"');
  });

  it("leaves no formula trigger at any cell start, and reads back as the text with only apostrophes added", () => {
    const risky = fc.string({
      unit: fc.constantFrom(
        "=",
        "+",
        "-",
        "@",
        "\t",
        "\r",
        "\n",
        ",",
        ";",
        "|",
        " ",
        '"',
        "'",
        "a",
        "1",
        "ü",
      ),
      maxLength: 40,
    });
    fc.assert(
      fc.property(fc.oneof(risky, fc.string({ unit: "binary", maxLength: 40 })), (value) => {
        const back = readBack(value);
        expect(triggersAtCellStarts(back)).toEqual([]);
        expect(onlyApostrophesAdded(value, back)).toBe(true);
      }),
      { seed: 20_261_126, numRuns: 2000 },
    );
  });

  it("quotes every field and defuses a formula wherever a spreadsheet could start a cell", () => {
    expect(csvField(null)).toBe('""');
    expect(csvField(42)).toBe('"42"');
    expect(csvField(-1)).toBe('"-1"');
    expect(csvField("plain text")).toBe('"plain text"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField("a,b")).toBe('"a,b"');
    expect(csvField("two\nlines")).toBe('"two\nlines"');
    for (const start of ["=", "+", "-", "@"]) expect(csvField(`${start}1+1`)).toBe(`"'${start}1+1"`);
    expect(csvField("\tcmd")).toBe(`"'\tcmd"`);
    expect(csvField("\rcmd")).toBe(`"'\rcmd"`);
    expect(csvField("=1,2")).toBe(`"'=1,2"`);
    expect(csvField("a=b")).toBe('"a=b"');
    // After a separator of any locale, or a line break, inside the field: a `;`-locale spreadsheet splits
    // `Mozilla;=1+1;x` into three cells, the second a formula, unless it is defused there too.
    expect(csvField("Mozilla;=1+1;x")).toBe(`"Mozilla;'=1+1;x"`);
    expect(csvField("Mozilla,=1+1,x")).toBe(`"Mozilla,'=1+1,x"`);
    expect(csvField("a\t=1|+2")).toBe(`"a\t'=1|'+2"`);
    expect(csvField("a; -1")).toBe(`"a; '-1"`);
    expect(csvField("line\n@SUM(1)")).toBe(`"line\n'@SUM(1)"`);
    expect(csvField("a;\t=1")).toBe(`"a;'\t'=1"`);
    expect(csvField("(X11; Linux x86_64) Gecko/20100101")).toBe('"(X11; Linux x86_64) Gecko/20100101"');
  });
});
