// React Router's prerender (react-router.config.ts `prerender`) asks the build's preview server for each
// page with `AbortSignal.timeout(10_000)` and no retry, and offers no option to change either (8.4 and 8.5
// alike). Beside a build loop a page took longer, the build failed ("Request failed for /_.data: The
// operation was aborted due to timeout") and the preview server died under it. While React Router marks
// its build requests (`IS_RR_BUILD_REQUEST`), a deadline shorter than ours is stretched to ours: long
// enough that only a hang ends a page (decision 162).

/** How long one prerendered page may take before the build gives up on it. */
export const PRERENDER_PATIENCE_MS = 600_000;

type Timeout = (ms: number) => AbortSignal;

/** `timeout`, with every deadline asked for while `prerendering()` at least PRERENDER_PATIENCE_MS. */
export function patientTimeout(timeout: Timeout, prerendering: () => boolean): Timeout {
  return (ms) => timeout(prerendering() ? Math.max(ms, PRERENDER_PATIENCE_MS) : ms);
}

const stretched = Symbol.for("facets.prerender-patience");

/** Installs the patient deadline on `AbortSignal.timeout` for this build process, once. */
export function stretchPrerenderDeadlines(): void {
  const holder = AbortSignal as typeof AbortSignal & { [stretched]?: true };
  if (holder[stretched]) return;
  holder.timeout = patientTimeout(
    AbortSignal.timeout.bind(AbortSignal),
    () => process.env.IS_RR_BUILD_REQUEST === "yes",
  );
  holder[stretched] = true;
}
