import { describe, expect, it } from "vitest";
import { MAX_SUPPLY, tranches } from "../../app/content/facets-token";

// The figures /facets-token shows (its page is tested in tests/worker/content-pages.test.ts).
describe("the token's figures", () => {
  it("tranche tokens sum to the maximum supply of 21,000,000", () => {
    expect(MAX_SUPPLY).toBe(21_000_000);
    expect(tranches.reduce((sum, tranche) => sum + tranche.tokens, 0)).toBe(MAX_SUPPLY);
  });

  it("percentages of supply sum to 100", () => {
    const total = tranches.reduce((sum, tranche) => sum + tranche.percentOfSupply, 0);
    expect(total).toBeCloseTo(100, 9);
    expect(tranches.map((tranche) => tranche.percentOfSupply)).toEqual([25, 25, 25.8, 12.9, 6.5, 3.2, 1.6]);
  });

  it("each cumulative figure is the running sum of the rows above it", () => {
    let running = 0;
    for (const tranche of tranches) {
      running += tranche.tokens;
      expect(tranche.cumulative).toBe(running);
    }
  });

  it("has seven tranches: T1 allocated, T2 available, the rest planned", () => {
    expect(tranches.map((tranche) => tranche.status)).toEqual([
      "allocated",
      "available",
      "planned",
      "planned",
      "planned",
      "planned",
      "planned",
    ]);
  });
});
