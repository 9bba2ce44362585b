// How the dashboard shows a count: lists count their rows up to COUNT_CAP and stop (a count of a million
// rows is a scan), so a count past it reads "10,000+" (docs/decisions/152-message-states-and-claims.md).

export const COUNT_CAP = 10_000;

export function countLabel(count: number): string {
  return count > COUNT_CAP ? `${COUNT_CAP.toLocaleString("en-US")}+` : count.toLocaleString("en-US");
}
