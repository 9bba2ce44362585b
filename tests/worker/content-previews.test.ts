import { env } from "cloudflare:test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchPage, fetchWorker, textOf } from "./support";
import { signedInCookie } from "./support-accounts";
import {
  admin,
  call,
  documentOf,
  openTrancheThree,
  rollBackEverything,
  type TrancheData,
  visitorPage,
} from "./support-content";

// A draft shown through a preview link (issue 41): to anyone with the link for 24 hours, never stored or
// indexed, and nothing of it through a dead link.

beforeAll(async () => {
  admin.cookie = (await signedInCookie({ admin: true })).cookie;
});

afterAll(() => rollBackEverything());

describe("previews", () => {
  it("shows a draft through a link for 24 hours, never stored nor indexed, and nothing through a dead one", async () => {
    const current = await documentOf<TrancheData>("tranches");
    const saved = await call("PUT", "/tranches", {
      baseRevision: current.revision,
      data: openTrancheThree(current.data),
    });
    const { revision } = await saved.json<{ revision: number }>();
    const link = await call("POST", "/tranches/preview-link", { revision });
    expect(link.status).toBe(200);
    const { url } = await link.json<{ url: string }>();
    const { pathname, search } = new URL(url);
    const preview = await fetchWorker(`${pathname}${search}`);
    expect(preview.status).toBe(200);
    expect(preview.headers.get("Cache-Control")).toBe("no-store");
    expect(preview.headers.get("X-Robots-Tag")).toBe("noindex");
    const html = await preview.text();
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    expect(textOf(html)).toContain("Tranche 3: available now");
    expect(textOf(await (await visitorPage("/facets-token")).text())).not.toContain(
      "Tranche 3: available now",
    );
    const deadLink = async (address: string) => {
      const { status, html } = await fetchPage(address);
      expect(status).toBe(200);
      expect(textOf(html)).toContain("Preview not available");
      expect(textOf(html)).not.toContain("Tranche 3: available now");
    };
    await deadLink(`${pathname}?token=${"a".repeat(52)}`);
    await env.DB.prepare("UPDATE content_preview_links SET expires_at = unixepoch() - 1").run();
    await deadLink(`${pathname}${search}`);
  });
});
