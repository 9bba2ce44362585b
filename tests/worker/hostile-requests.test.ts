import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { fetchWorker, ORIGIN, textOf } from "./support";
import { signedInCookie } from "./support-accounts";
import {
  allowed,
  asJson,
  BOUNDARY,
  contactFields,
  hasShell,
  MAX_BODY_BYTES,
  missingSecurityHeaders,
  multipartBody,
  uniqueIp,
} from "./support-hostile";

// Hand-written refusals (docs/standards.md, Security numbers and Traps): each answer is on purpose, carries the security
// headers, keeps the site shell on pages and a JSON { error } under /api/, and stores nothing.

function send(path: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  if (!headers.has("CF-Connecting-IP")) headers.set("CF-Connecting-IP", uniqueIp());
  return fetchWorker(path, { redirect: "manual", ...init, headers });
}

/** What a refusal page must be, compared whole so a failure shows every difference at once. */
async function expectPage(response: Response, status: number, allow?: string[]) {
  const html = await response.text();
  expect({
    status: response.status,
    missingHeaders: missingSecurityHeaders(response.headers),
    allow: allowed(response.headers).filter((method) => method !== "OPTIONS"),
    html: (response.headers.get("Content-Type") ?? "").startsWith("text/html"),
    shell: hasShell(html),
  }).toEqual({
    status,
    missingHeaders: [],
    allow: allow ? [...allow].sort() : expect.any(Array),
    html: true,
    shell: true,
  });
  return html;
}

async function expectJsonError(response: Response, status: number, allow?: string[]) {
  const text = await response.text();
  let error: unknown;
  try {
    error = (JSON.parse(text) as { error?: unknown }).error;
  } catch {
    error = undefined;
  }
  expect({
    status: response.status,
    missingHeaders: missingSecurityHeaders(response.headers),
    allow: allowed(response.headers),
    json: (response.headers.get("Content-Type") ?? "").startsWith("application/json"),
    error: typeof error,
  }).toEqual({
    status,
    missingHeaders: [],
    allow: allow ? expect.arrayContaining(allow) : expect.any(Array),
    json: true,
    error: "string",
  });
}

async function contactRows(marker: string): Promise<number> {
  const row = await env.DB.prepare("SELECT count(*) AS n FROM contact_submissions WHERE message LIKE ?")
    .bind(`%${marker}%`)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

let markers = 0;
function marker(label: string): string {
  markers += 1;
  return `${label}-${Date.now()}-${markers}`;
}

const FORM = "application/x-www-form-urlencoded";

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
