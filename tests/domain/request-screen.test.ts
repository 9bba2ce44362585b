import { afterEach, describe, expect, it, vi } from "vitest";
import { MAX_BODY_BYTES, screenRequest } from "../../app/server/http/request-policy.server";

// The door before any route (decision 181's size refusal): a body over the bound is refused as too large,
// and counted as such; an upload the client broke off is neither.

const SITE = "https://facets.example";

afterEach(() => vi.restoreAllMocks());

/** A POST to the JSON API from the site itself, its body streamed without a Content-Length. */
function post(chunks: Uint8Array[], breakOff = false) {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      if (breakOff) controller.error(new Error("connection reset"));
      else controller.close();
    },
  });
  return new Request(`${SITE}/api/contact`, {
    method: "POST",
    headers: { Origin: SITE, "Content-Type": "application/json" },
    body,
  });
}

async function screened(request: Request) {
  const log = vi.spyOn(console, "log").mockImplementation(() => {});
  const outcome = await screenRequest(request, SITE);
  const events = log.mock.calls.map(([line]) => (line as { event?: string }).event);
  return { outcome, events };
}

describe("the request's body", () => {
  it("over the bound is refused 413 and counted as a size refusal", async () => {
    const { outcome, events } = await screened(post([new Uint8Array(MAX_BODY_BYTES), new Uint8Array(1)]));
    expect(outcome).toEqual({ refusal: { status: 413, message: "The request body is too large." } });
    expect(events).toEqual(["refusal.size"]);
  });

  it("broken off by the client is answered 400 and counted as nothing", async () => {
    const { outcome, events } = await screened(post([new TextEncoder().encode('{"name":')], true));
    expect(outcome).toEqual({ refusal: { status: 400, message: "The request body could not be read." } });
    expect(events).toEqual([]);
  });

  it("within the bound goes on to its route, whole", async () => {
    const text = JSON.stringify({ name: "Ada" });
    const { outcome, events } = await screened(post([new TextEncoder().encode(text)]));
    expect(events).toEqual([]);
    expect("request" in outcome && (await outcome.request.text())).toBe(text);
  });
});
