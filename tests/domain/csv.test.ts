import { describe, expect, it } from "vitest";
import { csvField } from "../../app/lib/csv";

// The Activity tab's CSV export writes every field through this (tests/worker/activity-tab.test.ts).
describe("a CSV field", () => {
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
