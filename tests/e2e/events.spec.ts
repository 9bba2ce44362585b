import { expect } from "@playwright/test";
import { test } from "./browser-test";
import { type Expected, RUN, scenarios, senderFor, useServer } from "./event-scenarios";
import { eventsSince, type StoredEvent, scheduledTraces, spanNames, storeClock } from "./trace-store";

// Issue 45, item 2 (decision 181): scripted scenarios against the real local server, each read back from the
// local trace store. Every request of a scenario carries a CF-Ray of its own (`<run>-<scenario>-<n>`), which
// the events of the request name as `requestId`, and the mail it stored as `originRequestId`; a cron is read
// by its trace. Each scenario must leave exactly its events and nothing else marked as an event. Audit seals
// coalesce (one seal per isolate takes every entry written meanwhile), so a scenario's seals are counted by
// the entries they sealed, not by how many seals ran.

/** A scenario's events as `event:detail` → count, and the entries its seals chained. */
function tally(events: StoredEvent[]) {
  const counts: Expected = {};
  let sealed = 0;
  for (const line of events) {
    if (line.event === "audit.sealed") {
      sealed += Number(line.sealed ?? 0);
      continue;
    }
    const detail = line.action ?? line.mailType ?? line.factor;
    const key =
      line.event === "content.published" || detail === undefined || detail === null
        ? line.event
        : `${line.event}:${detail}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return { counts, sealed };
}

async function digestDue(baseURL: string): Promise<boolean> {
  const sent = (await eventsSince(baseURL, 0)).filter(
    (line) => line.event === "digest.run" && Number(line.sent) > 0,
  );
  return sent.every((line) => line.at < Date.now() - 15 * 60_000);
}

const ofScenario = (events: StoredEvent[], index: number, cronTraces: string[]) =>
  events.filter((line) =>
    cronTraces.length > 0
      ? cronTraces.includes(line.traceId)
      : [line.requestId, line.originRequestId].some(
          (id) => typeof id === "string" && id.startsWith(`${RUN}-${index}-`),
        ),
  );

test("every outcome that matters leaves exactly its events in the local trace store", async ({
  baseURL: base,
}) => {
  test.setTimeout(180_000);
  const baseURL = base ?? "";
  useServer(baseURL);
  const since = await storeClock(baseURL);
  const before = await eventsSince(baseURL, 0);
  // A digest goes at most once in 15 minutes: the first contact message wakes one unless one went lately.
  const digestSentLately = before.some(
    (line) => line.event === "digest.run" && Number(line.sent) > 0 && line.at > Date.now() - 15 * 60_000,
  );
  const list = scenarios(!digestSentLately);
  expect(list.length).toBeGreaterThanOrEqual(30);

  const results: { name: string; expected: ReturnType<typeof tally>; actual: ReturnType<typeof tally> }[] =
    [];
  for (const [index, scenario] of list.entries()) {
    const startedAt = await storeClock(baseURL);
    await scenario.run(senderFor(index));
    const expected = { counts: scenario.events ?? {}, sealed: scenario.sealed ?? 0 };
    // The cron sends the digest only where the last one went 15 minutes ago (a long-lived server's, on a rerun).
    if (scenario.cron && (await digestDue(baseURL))) {
      expected.counts = { ...expected.counts, "digest.run": 1, "mail.handed-over:staff-digest": 1 };
    }
    // Wait for what the scenario must leave (mail and seals come after the answer), then for its cron's trace.
    const read = async () => {
      const traces = scenario.cron ? await scheduledTraces(baseURL, startedAt) : [];
      if (scenario.cron && traces.length === 0) return null;
      return tally(ofScenario(await eventsSince(baseURL, since), index, traces));
    };
    await expect
      .poll(
        async () => {
          const now = await read();
          if (!now) return false;
          const keys = Object.keys(expected.counts);
          return (
            keys.every((key) => (now.counts[key] ?? 0) >= (expected.counts[key] ?? 0)) &&
            now.sealed >= expected.sealed
          );
        },
        { message: scenario.name, timeout: 60_000 },
      )
      .toBe(true);
    if (scenario.cron) {
      const [trace] = await scheduledTraces(baseURL, startedAt);
      expect(await spanNames(baseURL, trace ?? "")).toEqual(
        expect.arrayContaining(["audit.seal", "mail.digests"]),
      );
    }
    results.push({ name: scenario.name, expected, actual: (await read()) ?? { counts: {}, sealed: 0 } });
  }

  // Nothing more arrived late, and no line marked as an event is outside the table.
  const all = await eventsSince(baseURL, since);
  expect(all.filter((line) => line.event === "unparsed")).toEqual([]);
  for (const [index, scenario] of list.entries()) {
    const traces = scenario.cron ? await scheduledTraces(baseURL, since) : [];
    const actual = tally(
      ofScenario(
        all,
        index,
        traces.filter(() => scenario.cron),
      ),
    );
    expect.soft(actual, scenario.name).toEqual(results[index]?.expected);
  }
  // The spans of the mail consumer's batches were recorded too.
  const mailSpans = all.filter((line) => line.event === "mail.handed-over").map((line) => line.span);
  expect(mailSpans).toContain("mail.batch");
});
