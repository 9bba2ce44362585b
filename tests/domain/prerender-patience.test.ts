import { describe, expect, it } from "vitest";
import { PRERENDER_PATIENCE_MS, patientTimeout } from "../../scripts/prerender-patience";

// React Router gives each prerendered page 10 s; while it prerenders, the build asks for ours instead.

describe("the prerender's deadline", () => {
  const asked: number[] = [];
  const record = (ms: number) => {
    asked.push(ms);
    return new AbortController().signal;
  };

  it("is stretched while React Router prerenders", () => {
    asked.length = 0;
    patientTimeout(record, () => true)(10_000);
    expect(asked).toEqual([PRERENDER_PATIENCE_MS]);
  });

  it("keeps a deadline longer than ours, and every deadline outside the prerender", () => {
    asked.length = 0;
    patientTimeout(record, () => true)(PRERENDER_PATIENCE_MS * 2);
    patientTimeout(record, () => false)(10_000);
    expect(asked).toEqual([PRERENDER_PATIENCE_MS * 2, 10_000]);
  });
});
