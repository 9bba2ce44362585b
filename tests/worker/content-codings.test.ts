import { beforeAll, describe, expect, it } from "vitest";
import { chooseCoding } from "../../app/server/delivery/content-codings.server";
import { fetchWorker } from "./support";
import { signedInCookie } from "./support-accounts";

// Pages answered from memory (prerendered, held for visitors, held for signed-in people) go out in the
// coding the client itself accepts, each coding with its own ETag (RFC 9110 sections 8.8.3, 12.5.3, 13.1.2).

describe("the coding chosen for an Accept-Encoding", () => {
  it.each([
    [null, "identity"],
    ["", "identity"],
    ["identity", "identity"],
    ["identity;q=1", "identity"],
    ["identity;q=0", "identity"],
    ["*", "identity"],
    ["*;q=0", "identity"],
    ["identity;q=0, *", "identity"],
    ["br, gzip", "br"],
    ["gzip, deflate, br, zstd", "br"],
    ["gzip", "gzip"],
    ["GZIP", "gzip"],
    ["br;q=0, gzip", "gzip"],
    ["br;q=0.5, gzip;q=0.9", "gzip"],
    ["gzip;q=1.0, br;q=0.999", "gzip"],
    ["identity;q=0, gzip;q=0.1", "gzip"],
    ["gzip;q=0.5, identity", "identity"],
    ["gzip;q=0.5, *", "identity"],
    ["br, identity", "br"],
    ["br;q=2, gzip;q=abc", "identity"],
    ["deflate", "identity"],
    [" , ;q=1, br", "br"],
  ] as const)("%j gets %s", (header, coding) => {
    expect(chooseCoding(header)).toBe(coding);
  });
});

/** A request as Cloudflare's front line (and Miniflare) hands it over: its own header, the client's in cf. */
function throughTheEdge(path: string, client: string, headers: Record<string, string> = {}) {
  return fetchWorker(path, {
    headers: { "Accept-Encoding": "br, gzip", ...headers },
    cf: { clientAcceptEncoding: client },
  });
}

let memberCookie = "";
beforeAll(async () => {
  memberCookie = (await signedInCookie()).cookie;
});

const pages = [
  ["a prerendered page", "/insure", () => ({})],
  ["a form page held for visitors", "/contact", () => ({})],
  ["a content page held for a signed-in person", "/gold", () => ({ Cookie: memberCookie })],
] as const;

describe.each(pages)("%s", (_, path, headers) => {
  it("goes uncompressed to a client that sends no Accept-Encoding, or asks for identity", async () => {
    const plain = await fetchWorker(path, { headers: headers() });
    expect(plain.status).toBe(200);
    expect(plain.headers.get("Content-Encoding")).toBeNull();
    expect((await plain.text()).startsWith("<!DOCTYPE html>")).toBe(true);
    for (const accept of ["identity", "identity;q=0", "*", ""]) {
      const response = await fetchWorker(path, { headers: { ...headers(), "Accept-Encoding": accept } });
      expect(response.headers.get("Content-Encoding"), accept).toBeNull();
      expect(response.headers.get("Vary")).toBe("Cookie, Accept-Encoding");
      await response.body?.cancel();
    }
  });

  it("reads what the client sent, not the header the edge sets for every Worker", async () => {
    const curl = await throughTheEdge(path, "", headers());
    expect(curl.headers.get("Content-Encoding")).toBeNull();
    expect((await curl.text()).startsWith("<!DOCTYPE html>")).toBe(true);
    const browser = await throughTheEdge(path, "gzip, deflate", headers());
    expect(browser.headers.get("Content-Encoding")).toBe("gzip");
    await browser.body?.cancel();
  });
});

describe.each(pages.slice(0, 2))("%s", (_, path) => {
  it("gives each coding its own ETag, and a 304 to the coding a client holds", async () => {
    const etags = new Map<string, string>();
    for (const accept of ["identity", "br", "gzip"]) {
      const response = await fetchWorker(path, { headers: { "Accept-Encoding": accept } });
      expect(response.headers.get("Content-Encoding") ?? "identity").toBe(accept);
      etags.set(accept, response.headers.get("ETag") ?? "");
      await response.body?.cancel();
    }
    const identity = etags.get("identity") ?? "";
    expect(identity).toMatch(/^"[\w-]{43}"$/);
    expect(etags.get("br")).toBe(`${identity.slice(0, -1)}-br"`);
    expect(etags.get("gzip")).toBe(`${identity.slice(0, -1)}-gzip"`);

    for (const [accept, etag] of etags) {
      const revalidated = await fetchWorker(path, {
        headers: { "Accept-Encoding": accept, "If-None-Match": `"something-else", W/${etag}` },
      });
      expect(revalidated.status, accept).toBe(304);
      expect(revalidated.headers.get("ETag")).toBe(etag);
      expect(revalidated.headers.get("Content-Encoding")).toBeNull();
      expect(revalidated.headers.get("Vary")).toBe("Cookie, Accept-Encoding");
      expect(await revalidated.text()).toBe("");
    }
    const anyCurrent = await fetchWorker(path, { headers: { "If-None-Match": "*" } });
    expect(anyCurrent.status).toBe(304);
  });

  it("answers a client holding another coding with the one it asks for now, not a 304", async () => {
    const held = await fetchWorker(path, { headers: { "Accept-Encoding": "gzip" } });
    const gzipEtag = held.headers.get("ETag") ?? "";
    await held.body?.cancel();
    const response = await fetchWorker(path, {
      headers: { "Accept-Encoding": "br", "If-None-Match": gzipEtag },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Encoding")).toBe("br");
    expect(response.headers.get("ETag")).toBe(`${gzipEtag.slice(0, -"-gzip".length - 1)}-br"`);
    await response.body?.cancel();
  });
});
