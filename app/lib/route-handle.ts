import { routerClientRouteIds } from "./route-table";

/**
 * Whether the page loads the React Router client: a route whose table entry says `client: "router"`
 * (forms enhanced with JavaScript, the dashboard). Every other page ships no JavaScript at all.
 */
export function shouldHydrate(matches: readonly { id: string }[]): boolean {
  return matches.some((match) => routerClientRouteIds.has(match.id));
}
