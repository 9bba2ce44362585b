/**
 * A route that needs the browser runtime (forms enhanced with JavaScript, the dashboard, video
 * players) exports `handle = { hydrate: true } satisfies RouteHandle`. Every other page ships no
 * JavaScript at all.
 */
export interface RouteHandle {
  hydrate?: boolean;
}

export function shouldHydrate(matches: readonly { handle: unknown }[]): boolean {
  return matches.some((match) => (match.handle as RouteHandle | undefined)?.hydrate === true);
}
