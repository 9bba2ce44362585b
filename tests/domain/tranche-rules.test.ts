import { describe, expect, it } from "vitest";
import { statusLegend, tokenPageCopy, trancheDocument } from "../../app/content/facets-token";
import type { TrancheDocument, TrancheInput } from "../../app/content/tranche-figures";
import { marketCapDollars, trancheProblems } from "../../app/lib/tranche-rules";

// The rules a tranche document keeps before it may be published (issue 41, item 3), and the prose that
// reads its figures from the document rather than typing them.

/** The spec's document with tranche `index` changed. */
function withTranche(index: number, change: Partial<TrancheInput>): TrancheDocument {
  return {
    ...trancheDocument,
    tranches: trancheDocument.tranches.map((tranche, at) =>
      at === index ? { ...tranche, ...change } : tranche,
    ),
  };
}

describe("the tranche rules", () => {
  it("accept the spec's table, its rounded market caps included", () => {
    expect(trancheProblems(trancheDocument)).toEqual({});
  });

  it("read a market cap as the spec writes it", () => {
    expect(marketCapDollars("$52.5M")).toBe(52_500_000);
    expect(marketCapDollars("$308,451,614")).toBe(308_451_614);
    expect(marketCapDollars("$1.2B")).toBe(1_200_000_000);
    for (const wrong of ["52.5M", "$52,5M", "$1,00", "$ 5", "$5Q", "", "$NaN"]) {
      expect(marketCapDollars(wrong), wrong).toBeNull();
    }
  });

  it.each([
    ["tokens that are not whole", withTranche(2, { tokens: 5_419_355.5 }), "tranches.2.tokens"],
    ["no tokens", withTranche(0, { tokens: 0 }), "tranches.0.tokens"],
    ["tokens that miss the maximum supply", withTranche(6, { tokens: 338_709 }), "tranches"],
    ["a price that falls", withTranche(3, { price: 19 }), "tranches.3.price"],
    ["a price of nothing", withTranche(0, { price: 0 }), "tranches.0.price"],
    ["a planned tranche before an available one", withTranche(0, { status: "planned" }), "tranches.1.status"],
    [
      "an available tranche after a planned one",
      withTranche(4, { status: "available" }),
      "tranches.4.status",
    ],
    ["a market cap 1% off", withTranche(5, { marketCap: "$25,876,199,596" }), "tranches.5.marketCap"],
    ["a market cap in no known form", withTranche(0, { marketCap: "52.5 million" }), "tranches.0.marketCap"],
    ["an empty label", withTranche(0, { label: " " }), "tranches.0.label"],
  ])("refuse %s", (_, document, path) => {
    const problems = trancheProblems(document);
    expect(Object.keys(problems)).toContain(path);
    expect(problems[path]).toMatch(/\w/);
  });

  it("refuse a maximum supply that is not a whole number above zero, and an empty table", () => {
    expect(Object.keys(trancheProblems({ ...trancheDocument, maxSupply: -1 }))).toEqual(["maxSupply"]);
    expect(Object.keys(trancheProblems({ maxSupply: 1, tranches: [] }))).toEqual(["tranches"]);
  });
});

describe("the page's copy", () => {
  it("says the spec's words for the spec's document", () => {
    const copy = tokenPageCopy(trancheDocument);
    expect(copy.lead).toBe(
      "The utility token of the FACETS DAO: a fixed maximum supply of 21,000,000 tokens, released in 7 tranches, with holder votes gating every tranche after the second.",
    );
    expect(copy.table.caption).toBe("The 7 tranches of the FACETS token");
    expect(statusLegend(trancheDocument).map((entry) => entry.meaning)).toEqual([
      "Tranche 1: issued and allocated",
      "Tranche 2: available now",
      "Tranches 3 to 7: planned, each released only after a holder vote",
    ]);
  });

  it("reads its figures from the document: a vote that opens tranche 3 changes the legend", () => {
    const voted = withTranche(2, { status: "available" });
    expect(statusLegend(voted).map((entry) => entry.meaning)).toEqual([
      "Tranche 1: issued and allocated",
      "Tranches 2 to 3: available now",
      "Tranches 4 to 7: planned, each released only after a holder vote",
    ]);
    const eight: TrancheDocument = {
      maxSupply: 22_000_000,
      tranches: [
        ...trancheDocument.tranches,
        { ...trancheDocument.tranches[6], label: "T8" } as TrancheInput,
      ],
    };
    const copy = tokenPageCopy(eight);
    expect(copy.lead).toContain("a fixed maximum supply of 22,000,000 tokens, released in 8 tranches");
    expect(copy.shares.lead).toContain("the 22,000,000-token maximum supply");
    expect(copy.table.caption).toBe("The 8 tranches of the FACETS token");
  });
});
