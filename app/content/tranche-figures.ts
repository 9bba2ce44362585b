// The token's tranches as the document staff will publish (issue 41): what is typed (label, tokens, price,
// market cap as the spec writes it, status) and what is derived from it, never typed: cumulative supply,
// each share of the maximum supply, and the figures and status ranges the page's prose names.

export type TrancheStatus = "allocated" | "available" | "planned";

/** The order statuses run in, tranche by tranche. */
export const TRANCHE_STATUSES: readonly TrancheStatus[] = ["allocated", "available", "planned"];

/** A tranche as it is typed. */
export interface TrancheInput {
  /** The label of the spec's table: "T1" to "T7". */
  label: string;
  tokens: number;
  /** Price per token in US dollars. */
  price: number;
  /** Market cap as the spec writes it (its formatting varies: "$52.5M", "$308,451,614"). */
  marketCap: string;
  status: TrancheStatus;
}

/** The tranches as one document: the maximum supply and the tranches in order. */
export interface TrancheDocument {
  maxSupply: number;
  tranches: readonly TrancheInput[];
}

/** A tranche with its derived figures. */
export interface Tranche extends TrancheInput {
  /** Tokens released up to and including this tranche. */
  cumulative: number;
  /** Share of the maximum supply, in percent, to one decimal as the spec writes it. */
  percentOfSupply: number;
}

export function withDerivedFigures(document: TrancheDocument): Tranche[] {
  let cumulative = 0;
  return document.tranches.map((tranche) => {
    cumulative += tranche.tokens;
    return {
      ...tranche,
      cumulative,
      percentOfSupply: Math.round((tranche.tokens / document.maxSupply) * 1000) / 10,
    };
  });
}

/** A whole number as the spec writes it: "21,000,000". */
export const wholeNumber = (value: number) => value.toLocaleString("en-US");

/** "Tranche 2" for one, "Tranches 3 to 7" for a run (tranches are numbered from 1 in order). */
export function trancheRange(first: number, last: number): string {
  return first === last ? `Tranche ${first}` : `Tranches ${first} to ${last}`;
}

/** The tranches of each status, in order, as ranges of their numbers; a status no tranche has is left out. */
export function statusRanges(
  tranches: readonly Pick<TrancheInput, "status">[],
): { status: TrancheStatus; first: number; last: number }[] {
  return TRANCHE_STATUSES.flatMap((status) => {
    const numbers = tranches.flatMap((tranche, index) => (tranche.status === status ? [index + 1] : []));
    const [first] = numbers;
    return first === undefined ? [] : [{ status, first, last: numbers.at(-1) ?? first }];
  });
}
