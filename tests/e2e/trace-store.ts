import { expect } from "@playwright/test";

// The local trace store of `wrangler dev` (miniflare's observability collector): every invocation's spans and
// console lines, read with SQL at /cdn-cgi/local/explorer/api/local/observability/query (decision 181).
// A console line is stored as the JSON of its arguments: one structured event is `["{\"event\":…}"]`.

export interface StoredEvent {
  event: string;
  requestId: string | null;
  originRequestId?: string | null;
  traceId: string;
  span: string | null;
  at: number;
  [field: string]: unknown;
}

async function query(baseURL: string, sql: string, params: unknown[] = []) {
  const response = await fetch(new URL("/cdn-cgi/local/explorer/api/local/observability/query", baseURL), {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ sql, params }),
  });
  expect(response.status, "the local trace store answers").toBe(200);
  const body = (await response.json()) as { result: { columns: string[]; rows: unknown[][] } };
  return body.result.rows;
}

/** The newest time the store has seen: scenarios after it are this run's. */
export async function storeClock(baseURL: string): Promise<number> {
  const [row] = await query(baseURL, "SELECT coalesce(max(ts_ms), 0) FROM logs");
  return Number(row?.[0] ?? 0);
}

/**
 * Every console line since `since` that is marked as an event (its first argument a JSON object with an
 * `event` key), with the trace and the span it was written in. A line that mentions "event" but is not one
 * is returned as `{ event: "unparsed" }`, so a test sees it.
 */
export async function eventsSince(baseURL: string, since: number): Promise<StoredEvent[]> {
  const rows = await query(
    baseURL,
    `SELECT l.trace_id, l.message, s.name, l.ts_ms FROM logs l
      LEFT JOIN spans s ON s.trace_id = l.trace_id AND s.span_id = l.span_id
      WHERE l.ts_ms >= ? AND instr(l.message, '"event":') > 0 ORDER BY l.ts_ms, l.seq`,
    [since],
  );
  return rows.map(([traceId, message, span, at]) => {
    // A console line is stored as the JSON of its arguments: an event is one object (decision 181).
    const args = JSON.parse(String(message)) as unknown[];
    const line = args[0] as StoredEvent | null;
    if (args.length === 1 && typeof line === "object" && line !== null && typeof line.event === "string")
      return { ...line, traceId: String(traceId), span: span as string, at: Number(at) };
    return {
      event: "unparsed",
      requestId: null,
      traceId: String(traceId),
      span: null,
      at: Number(at),
      message,
    };
  });
}

/** The traces of cron invocations started since `since`. */
export async function scheduledTraces(baseURL: string, since: number): Promise<string[]> {
  const rows = await query(
    baseURL,
    "SELECT trace_id FROM spans WHERE parent_id IS NULL AND name = 'scheduled' AND start_ms >= ?",
    [since],
  );
  return rows.map(([traceId]) => String(traceId));
}

/** The names of the spans of a trace. */
export async function spanNames(baseURL: string, traceId: string): Promise<string[]> {
  const rows = await query(baseURL, "SELECT name FROM spans WHERE trace_id = ?", [traceId]);
  return rows.map(([name]) => String(name));
}
