import { describe, expect, it } from "vitest";
import { allowed, asJson, contactFields, missingSecurityHeaders } from "./support-hostile";
import { contactRows, expectJsonError, marker, send } from "./support-refusals";

// Hand-written refusals of the JSON API (docs/standards.md, Security numbers and Traps): unknown paths,
// wrong methods, bodies too big, of another type or malformed, and cross-site posts. Each answer is on
// purpose, carries the security headers, is a JSON { error }, and stores nothing.

describe("the JSON API", () => {
  it("answers an unknown path with a JSON 404", async () => {
    await expectJsonError(await send("/api/does-not-exist"), 404);
    await expectJsonError(
      await send("/api/does-not-exist", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: "{}",
      }),
      404,
    );
  });

  it("answers a 140 KB login body with 413", async () => {
    const body = JSON.stringify({ email: "big@example.com", password: "x".repeat(140 * 1024) });
    const response = await send("/api/login", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body,
    });
    await expectJsonError(response, 413);
  });

  it("answers other content types with 415 and stores nothing", async () => {
    const tag = marker("api-415");
    const response = await send("/api/contact", {
      method: "POST",
      headers: { "Content-Type": "text/plain" },
      body: asJson(contactFields(tag)),
    });
    await expectJsonError(response, 415);
    expect(await contactRows(tag)).toBe(0);
  });

  it("answers malformed JSON with 400", async () => {
    for (const body of ["{", "[".repeat(10_000), "\u0000", '{"email": 1e999999']) {
      const response = await send("/api/contact", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body,
      });
      await expectJsonError(response, 400);
    }
  });

  const wrongMethods: [string, string, string][] = [
    ["GET", "/api/login", "POST"],
    ["PUT", "/api/contact", "POST"],
    ["DELETE", "/api/user-types", "GET"],
    ["PATCH", "/api/admin/contacts", "GET"],
    ["POST", "/api/video/workzone", "GET"],
  ];
  for (const [method, path, allow] of wrongMethods) {
    it(`answers ${method} ${path} with 405 and Allow`, async () => {
      const body = method === "GET" ? undefined : "{}";
      const headers = { "Content-Type": "application/json" };
      await expectJsonError(await send(path, { method, headers, body }), 405, [allow]);
    });
  }

  it("answers OPTIONS with Allow, before any sign-in check", async () => {
    const response = await send("/api/auth/me", { method: "OPTIONS" });
    expect([204, 405]).toContain(response.status);
    expect(allowed(response.headers)).toEqual(expect.arrayContaining(["GET"]));
    expect(missingSecurityHeaders(response.headers)).toEqual([]);
  });

  it("answers a cross-site post with 403 and stores nothing", async () => {
    const tag = marker("cross-api");
    const response = await send("/api/contact", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: "https://evil.example" },
      body: asJson(contactFields(tag)),
    });
    await expectJsonError(response, 403);
    expect(await contactRows(tag)).toBe(0);
  });
});
