// How the dashboard shows a count: lists count their rows up to COUNT_CAP and stop (a count of a million
// rows is a scan), so a count past it reads "10,000+" (docs/decisions/152-message-states-and-claims.md).

export const COUNT_CAP = 10_000;

export function countLabel(count: number): string {
  return count > COUNT_CAP ? `${COUNT_CAP.toLocaleString("en-US")}+` : count.toLocaleString("en-US");
}

/**
 * The address's parameter that asks for the counts beside the queue's filters under a text ("Show
 * counts"; Django's `_facets`): without it they are not read (docs/decisions/175).
 */
export const SHOW_COUNTS = { param: "facets", value: "1" } as const;
