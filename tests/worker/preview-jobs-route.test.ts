import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { send } from "./support-refusals";

// The built Worker in production (DEPLOYMENT = "production", no PREVIEW_JOBS_SECRET): POST
// /__preview/run-jobs, with any secret, is answered exactly as a path no route has (decision 180).

/** Status, headers that tell a page apart, and the body with its per-response nonce taken out. */
async function answer(path: string, init: RequestInit) {
  const response = await send(path, init);
  const body = (await response.text()).replaceAll(/nonce-[^']+'|nonce="[^"]+"/g, "nonce");
  return {
    status: response.status,
    type: response.headers.get("Content-Type"),
    allow: response.headers.get("Allow"),
    body: body.replaceAll("/__preview/run-jobs", "PATH").replaceAll("/__preview/no-such-job", "PATH"),
  };
}

describe("the preview jobs route in production", () => {
  it("answers as an unknown path does, with or without a secret", async () => {
    expect(env.DEPLOYMENT).toBe("production");
    for (const init of [
      { method: "POST", headers: { Authorization: `Bearer ${"s".repeat(40)}` } },
      { method: "POST" },
      { method: "GET" },
    ]) {
      const unknown = await answer("/__preview/no-such-job", init);
      expect(await answer("/__preview/run-jobs", init)).toEqual(unknown);
      expect(unknown.status).toBeGreaterThanOrEqual(400);
    }
  });
});
