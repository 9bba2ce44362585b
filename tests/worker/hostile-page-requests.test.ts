import { describe, expect, it } from "vitest";
import { textOf } from "./support";
import { signedInCookie } from "./support-accounts";
import {
  allowed,
  asJson,
  BOUNDARY,
  contactFields,
  MAX_BODY_BYTES,
  missingSecurityHeaders,
  multipartBody,
} from "./support-hostile";
import { contactRows, expectPage, FORM, marker, send } from "./support-refusals";

// Hand-written refusals of pages (docs/standards.md, Security numbers and Traps): a method a page does not
// take, and a form post of the wrong type, size or site. Each answer is on purpose, carries the security
// headers, keeps the site shell, and stores nothing.

describe("page methods", () => {
  for (const method of ["PUT", "PATCH", "DELETE"]) {
    it(`answers ${method} /contact with 405`, async () => {
      const tag = marker(method);
      const response = await send("/contact", {
        method,
        headers: { "Content-Type": FORM },
        body: new URLSearchParams(contactFields(tag)),
      });
      expect({ status: response.status, stored: await contactRows(tag) }).toEqual({ status: 405, stored: 0 });
      await expectPage(response, 405, ["GET", "HEAD", "POST"]);
    });
  }

  it("answers POST to a content page with 405", async () => {
    const response = await send("/insure", {
      method: "POST",
      headers: { "Content-Type": FORM },
      body: "a=1",
    });
    await expectPage(response, 405, ["GET", "HEAD"]);
  });

  it("answers PUT to a content page with 405", async () => {
    await expectPage(await send("/gold", { method: "PUT", body: "x" }), 405, ["GET", "HEAD"]);
  });

  it("answers an unregistered method token with 405", async () => {
    await expectPage(await send("/contact", { method: "PROPFIND" }), 405, ["GET", "HEAD", "POST"]);
  });

  it("does not sign out on DELETE /logout", async () => {
    const { cookie } = await signedInCookie();
    const response = await send("/logout", { method: "DELETE", headers: { Cookie: cookie } });
    await expectPage(response, 405, ["GET", "HEAD", "POST"]);
    const me = await send("/api/auth/me", { headers: { Cookie: cookie } });
    expect(me.status).toBe(200);
  });

  it("answers OPTIONS with 204 and Allow", async () => {
    for (const [path, allow] of [
      ["/contact", ["GET", "HEAD", "POST"]],
      ["/", ["GET", "HEAD"]],
      ["/insure", ["GET", "HEAD"]],
    ] as const) {
      const response = await send(path, { method: "OPTIONS" });
      expect(response.status, path).toBe(204);
      expect(missingSecurityHeaders(response.headers)).toEqual([]);
      expect(allowed(response.headers).filter((m) => m !== "OPTIONS")).toEqual([...allow].sort());
    }
  });

  it("answers HEAD like GET, without a body", async () => {
    const response = await send("/contact", { method: "HEAD" });
    expect(response.status).toBe(200);
    expect(missingSecurityHeaders(response.headers)).toEqual([]);
    expect(await response.text()).toBe("");
  });

  it("answers an unknown page with the 404 page", async () => {
    const html = await expectPage(await send("/does-not-exist"), 404);
    expect(textOf(html)).toContain("Page Not Found");
  });
});

describe("form posts", () => {
  const wrongTypes: [string, Record<string, string>, (fields: Record<string, string>) => BodyInit][] = [
    ["JSON", { "Content-Type": "application/json" }, (fields) => asJson(fields)],
    ["text/plain", { "Content-Type": "text/plain" }, (fields) => new URLSearchParams(fields).toString()],
    ["binary", { "Content-Type": "application/octet-stream" }, () => new Uint8Array([0, 255, 254, 0, 1])],
    ["no content type", {}, (fields) => new TextEncoder().encode(new URLSearchParams(fields).toString())],
  ];

  for (const path of ["/contact", "/login"]) {
    for (const [label, headers, encode] of wrongTypes) {
      it(`answers POST ${path} with ${label} with 415`, async () => {
        const tag = marker(label);
        const fields = { intent: "register", ...contactFields(tag) };
        const response = await send(path, { method: "POST", headers, body: encode(fields) });
        expect(await contactRows(tag)).toBe(0);
        await expectPage(response, 415);
      });
    }
  }

  it("answers multipart without a boundary with 400 or 415", async () => {
    const tag = marker("no-boundary");
    const response = await send("/contact", {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data" },
      body: multipartBody(contactFields(tag)),
    });
    expect(await contactRows(tag)).toBe(0);
    await expectPage(response, response.status === 415 ? 415 : 400);
  });

  it("answers a malformed multipart body with 400", async () => {
    const response = await send("/contact", {
      method: "POST",
      headers: { "Content-Type": `multipart/form-data; boundary=${BOUNDARY}` },
      body: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="message"\r\n\r\nno closing boundary`,
    });
    await expectPage(response, 400);
  });

  it("stores a well-formed multipart post once", async () => {
    const tag = marker("multipart");
    const response = await send("/contact", {
      method: "POST",
      headers: { "Content-Type": `multipart/form-data; boundary=${BOUNDARY}` },
      body: multipartBody(contactFields(tag)),
    });
    await expectPage(response, 201);
    expect(await contactRows(tag)).toBe(1);
  });

  it("answers a form body over 16 KB with 413", async () => {
    const tag = marker("oversize-form");
    const fields = { ...contactFields(tag), message: `${tag} ${"x".repeat(MAX_BODY_BYTES)}` };
    const response = await send("/contact", {
      method: "POST",
      headers: { "Content-Type": FORM },
      body: new URLSearchParams(fields),
    });
    await expectPage(response, 413);
    expect(await contactRows(tag)).toBe(0);
  });

  it("answers a cross-site form post with 403", async () => {
    const tag = marker("cross-form");
    const response = await send("/contact", {
      method: "POST",
      headers: { "Content-Type": FORM, Origin: "https://evil.example" },
      body: new URLSearchParams(contactFields(tag)),
    });
    await expectPage(response, 403);
    expect(await contactRows(tag)).toBe(0);
  });

  it("answers Sec-Fetch-Site: cross-site without Origin with 403", async () => {
    const tag = marker("cross-site");
    const response = await send("/contact", {
      method: "POST",
      headers: { "Content-Type": FORM, "Sec-Fetch-Site": "cross-site" },
      body: new URLSearchParams(contactFields(tag)),
    });
    await expectPage(response, 403);
    expect(await contactRows(tag)).toBe(0);
  });
});
