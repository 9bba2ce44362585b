// autocannon's programmatic API as the benches (scripts/bench*.ts) use it; the package ships no types.
declare module "autocannon" {
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    timeout?: number;
    headers?: Record<string, string>;
    /** Resolve with the raw run, to be combined with others by `aggregateResult`. */
    skipAggregateResult?: boolean;
  }
  interface Histogram {
    average: number;
    p50: number;
    p99: number;
  }
  /** One run as `skipAggregateResult` returns it. */
  export interface RawResult {
    totalCompletedRequests: number;
    /** Seconds. */
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
  }
  export interface Result {
    latency: Histogram;
    errors: number;
    non2xx: number;
  }
  function autocannon(options: Options & { skipAggregateResult: true }): Promise<RawResult>;
  function autocannon(options: Options): Promise<Result>;
  namespace autocannon {
    function aggregateResult(results: RawResult[], options: { url: string; connections?: number }): Result;
  }
  export default autocannon;
}
