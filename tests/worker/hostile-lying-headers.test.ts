import { describe, expect, it } from "vitest";
import { ORIGIN } from "./support";
import { asJson, contactFields, MAX_BODY_BYTES, missingSecurityHeaders } from "./support-hostile";
import { contactRows, expectJsonError, marker, send } from "./support-refusals";

// Requests whose headers lie (docs/standards.md, Security numbers and Traps): a Content-Length, a cookie or
// an Origin that is not what it says. Each answer is on purpose, carries the security headers, and stores
// nothing it should not.

describe("lying headers", () => {
  it("refuses a large body that declares a small Content-Length", async () => {
    const tag = marker("lying-small");
    const fields = { ...contactFields(tag), message: `${tag} ${"x".repeat(MAX_BODY_BYTES)}` };
    const response = await send("/api/contact", {
      method: "POST",
      headers: { "Content-Type": "application/json", "Content-Length": "20" },
      body: asJson(fields),
    });
    await expectJsonError(response, 413);
    expect(await contactRows(tag)).toBe(0);
  });

  it("refuses a Content-Length over the bound without reading the body", async () => {
    const response = await send("/api/contact", {
      method: "POST",
      headers: { "Content-Type": "application/json", "Content-Length": "99999999" },
      body: "{}",
    });
    await expectJsonError(response, 413);
  });

  it("answers a Content-Length shorter than a valid body on purpose", async () => {
    const tag = marker("lying-short");
    const response = await send("/api/contact", {
      method: "POST",
      headers: { "Content-Type": "application/json", "Content-Length": "1" },
      body: asJson(contactFields(tag)),
    });
    expect(response.status).toBeLessThan(500);
    expect(missingSecurityHeaders(response.headers)).toEqual([]);
    expect(await contactRows(tag)).toBe(response.status === 201 ? 1 : 0);
  });

  it("answers a malformed cookie as if there were none", async () => {
    for (const cookie of ["session=%E0%A4%A", "flash=%ZZ", "session=%"]) {
      const status = await send("/", { headers: { Cookie: cookie } }).then(
        (response) => response.status,
        (error: unknown) => `threw ${String(error)}`,
      );
      expect(status, cookie).toBe(200);
    }
  });

  it("answers an Origin of null as cross-site", async () => {
    const response = await send("/api/login", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: "null" },
      body: JSON.stringify({ email: "a@example.com", password: "x" }),
    });
    await expectJsonError(response, 403);
  });

  it("accepts our own Origin", async () => {
    const tag = marker("same-origin");
    const response = await send("/api/contact", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: ORIGIN, "Sec-Fetch-Site": "same-origin" },
      body: asJson(contactFields(tag)),
    });
    expect(response.status).toBe(201);
    expect(await contactRows(tag)).toBe(1);
  });
});
