import { TRANCHE_STATUSES, type TrancheDocument, withDerivedFigures } from "~/content/tranche-figures";

// The rules a tranche document must keep before it may be published (issue 41, item 3): they accept the
// spec's own table and refuse a mistake a person could make in an editor. Each problem is a message under
// the path of its field ("tranches.2.price"), or under "tranches" for the table as a whole.

/** How far a market cap written as text may be from price × cumulative supply: the spec rounds T3–T5. */
export const MARKET_CAP_TOLERANCE = 0.0005;
/** The longest label ("T1") and market-cap text ("$104,160,000,000") the editor accepts. */
export const TRANCHE_LABEL_MAX = 8;
export const MARKET_CAP_TEXT_MAX = 24;

const SUFFIX: Record<string, number> = { "": 1, K: 1e3, M: 1e6, B: 1e9, T: 1e12 };

/** A market cap as the spec writes it ("$52.5M", "$308,451,614") in dollars; null for anything else. */
export function marketCapDollars(text: string): number | null {
  const match = /^\$(\d{1,3}(?:,\d{3})*|\d+)(\.\d+)?([KMBT]?)$/.exec(text.trim());
  if (!match) return null;
  const [, whole = "", fraction = "", suffix = ""] = match;
  return Number(`${whole.replaceAll(",", "")}${fraction}`) * (SUFFIX[suffix] ?? 1);
}

const usd = (value: number) => `$${Math.round(value).toLocaleString("en-US")}`;

/** Every problem of the document, by field; empty when it may be published. */
export function trancheProblems(document: TrancheDocument): Record<string, string> {
  const problems: Record<string, string> = {};
  const { maxSupply, tranches } = document;
  if (!Number.isSafeInteger(maxSupply) || maxSupply <= 0) {
    problems.maxSupply = "The maximum supply is a whole number of tokens above zero.";
    return problems;
  }
  if (tranches.length === 0) {
    problems.tranches = "There is at least one tranche.";
    return problems;
  }
  tranches.forEach((tranche, index) => {
    const at = (field: string) => `tranches.${index}.${field}`;
    const before = tranches[index - 1];
    if (tranche.label.trim() === "" || tranche.label.length > TRANCHE_LABEL_MAX)
      problems[at("label")] = `A label has 1 to ${TRANCHE_LABEL_MAX} characters.`;
    if (!Number.isSafeInteger(tranche.tokens) || tranche.tokens <= 0)
      problems[at("tokens")] = "Tokens are a whole number above zero.";
    if (!Number.isFinite(tranche.price) || tranche.price <= 0)
      problems[at("price")] = "A price is a number of dollars above zero.";
    else if (before && Number.isFinite(before.price) && tranche.price < before.price)
      problems[at("price")] =
        `A price does not fall from one tranche to the next (${before.label} costs more).`;
    if (!TRANCHE_STATUSES.includes(tranche.status))
      problems[at("status")] = `A status is one of ${TRANCHE_STATUSES.join(", ")}.`;
    else if (before && TRANCHE_STATUSES.indexOf(tranche.status) < TRANCHE_STATUSES.indexOf(before.status))
      problems[at("status")] = "Statuses run in order: allocated, then available, then planned.";
  });
  const total = tranches.reduce((sum, tranche) => sum + tranche.tokens, 0);
  if (total !== maxSupply && !Object.keys(problems).some((path) => path.endsWith(".tokens"))) {
    problems.tranches = `The tranches hold ${total.toLocaleString("en-US")} tokens: they must add up to the maximum supply, ${maxSupply.toLocaleString("en-US")}.`;
  }
  withDerivedFigures(document).forEach((tranche, index) => {
    const path = `tranches.${index}.marketCap`;
    const written =
      tranche.marketCap.length <= MARKET_CAP_TEXT_MAX ? marketCapDollars(tranche.marketCap) : null;
    if (written === null) {
      problems[path] = 'Write a market cap in dollars as "$52.5M" or "$308,451,614".';
      return;
    }
    const expected = tranche.price * tranche.cumulative;
    if (Number.isFinite(expected) && Math.abs(written - expected) > expected * MARKET_CAP_TOLERANCE) {
      problems[path] =
        `Price × cumulative supply is ${usd(expected)}; the market cap is more than 0.05% away from it.`;
    }
  });
  return problems;
}
