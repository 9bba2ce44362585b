/** The outcome of an idempotent admin action: done now, already done before, or no such row. */
export type StateChange = "changed" | "unchanged" | "not-found";
