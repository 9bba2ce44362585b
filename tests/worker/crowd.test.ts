import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { fetchWorker } from "./support";
import { asJson, contactFields, uniqueIp } from "./support-hostile";

// A crowd writing at once (docs/standards.md, Reliability): every acknowledged message is stored exactly once.

const CROWD = 200;

/** How many rows hold each marker of a run. */
async function rowsPerMarker(run: string): Promise<Map<string, number>> {
  const { results } = await env.DB.prepare(
    "SELECT message, count(*) AS n FROM contact_submissions WHERE message LIKE ? GROUP BY message",
  )
    .bind(`%${run}-%`)
    .all<{ message: string; n: number }>();
  const counts = new Map<string, number>();
  for (const row of results) {
    const marker = /(crowd-\S+)$/.exec(row.message)?.[1] ?? row.message;
    counts.set(marker, (counts.get(marker) ?? 0) + row.n);
  }
  return counts;
}

function markersOf(run: string): string[] {
  return Array.from({ length: CROWD }, (_, i) => `${run}-${i}`);
}

async function expectEachStoredOnce(run: string, responses: Response[]) {
  await Promise.all(responses.map((response) => response.body?.cancel()));
  expect(responses.map((response) => response.status).filter((status) => status !== 201)).toEqual([]);
  const counts = await rowsPerMarker(run);
  const markers = markersOf(run);
  expect(markers.filter((marker) => counts.get(marker) !== 1)).toEqual([]);
  expect([...counts.values()].reduce((sum, n) => sum + n, 0)).toBe(CROWD);
}

describe("a crowd of contact messages", () => {
  it("stores 200 API messages sent at once, each exactly once", async () => {
    const run = `crowd-api-${Date.now()}`;
    const responses = await Promise.all(
      markersOf(run).map((marker) =>
        fetchWorker("/api/contact", {
          method: "POST",
          headers: { "Content-Type": "application/json", "CF-Connecting-IP": uniqueIp() },
          body: asJson(contactFields(marker)),
        }),
      ),
    );
    await expectEachStoredOnce(run, responses);
  }, 60_000);

  it("stores 200 form posts sent at once, each exactly once", async () => {
    const run = `crowd-form-${Date.now()}`;
    const responses = await Promise.all(
      markersOf(run).map((marker) =>
        fetchWorker("/contact", {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": uniqueIp() },
          body: new URLSearchParams(contactFields(marker)),
        }),
      ),
    );
    await expectEachStoredOnce(run, responses);
  }, 60_000);
});
