import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { fetchPage, fetchWorker, textOf, untilLimited } from "./support";
import { freshIp, postJson, registerViaApi, signedInCookie, uniqueEmail } from "./support-accounts";
import { insertContact } from "./support-mail";

const contact = (overrides: Record<string, unknown> = {}) => ({
  firstName: "Grace",
  lastName: "Hopper",
  email: uniqueEmail("contact"),
  company: "Navy",
  phone: "+1 555 0100",
  userTypeId: 2,
  message: "I would like to buy tokens with SOL.",
  ...overrides,
});

async function countContacts(email: string) {
  const row = await env.DB.prepare("SELECT count(*) AS n FROM contact_submissions WHERE email = ?")
    .bind(email)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

describe("POST /api/contact", () => {
  it("stores the message and answers 201", async () => {
    const body = contact();
    const response = await postJson("/api/contact", body);
    expect(response.status).toBe(201);
    const row = await env.DB.prepare("SELECT * FROM contact_submissions WHERE email = ?")
      .bind(body.email)
      .first();
    expect(row).toMatchObject({ first_name: "Grace", user_type_id: 2, is_processed: 0, processed_by: null });
  });

  it("answers 400 with field errors and stores nothing for invalid input", async () => {
    const body = contact({ firstName: "", userTypeId: "two", phone: "1".repeat(21) });
    const response = await postJson("/api/contact", body);
    expect(response.status).toBe(400);
    const { fieldErrors } = await response.json<{ fieldErrors: Record<string, string> }>();
    expect(Object.keys(fieldErrors).sort()).toEqual(["firstName", "phone", "userTypeId"]);
    expect(await countContacts(body.email)).toBe(0);
  });

  it("keeps every acknowledged message of a concurrent burst exactly once", async () => {
    const email = uniqueEmail("burst");
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        postJson("/api/contact", contact({ email, message: `Burst ${i}` })),
      ),
    );
    const acknowledged = responses.filter((response) => response.status === 201).length;
    expect(acknowledged).toBe(8);
    expect(await countContacts(email)).toBe(acknowledged);
  });

  it("rate-limits one address with 429 and Retry-After", async () => {
    const headers = { "CF-Connecting-IP": "198.51.100.200" };
    const { before, limited } = await untilLimited(10, () => postJson("/api/contact", contact(), headers));
    expect(limited?.headers.get("Retry-After")).toBe("60");
    expect(before.length).toBeGreaterThanOrEqual(10);
    expect(before.every((status) => status === 201)).toBe(true);
  });

  it("keeps markup and SQL-looking text as plain text", async () => {
    const nasty = `<script>alert(1)</script>'); DROP TABLE users; --`;
    const body = contact({ firstName: "<b>Eve</b>", message: nasty });
    await postJson("/api/contact", body);
    const row = await env.DB.prepare("SELECT first_name, message FROM contact_submissions WHERE email = ?")
      .bind(body.email)
      .first();
    expect(row).toEqual({ first_name: "<b>Eve</b>", message: nasty });
    const { cookie } = await signedInCookie({ admin: true });
    const { html } = await fetchPage("/admin?tab=contacts", { headers: { Cookie: cookie } });
    expect(html).not.toContain("<script>alert(1)</script>");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).not.toContain("<b>Eve</b>");
  });
});

describe("the contact form page", () => {
  it("stores a plain HTML form post and shows the success message without JavaScript", async () => {
    const body = contact();
    const form = new URLSearchParams({ ...body, userTypeId: "3" } as Record<string, string>);
    const response = await fetchWorker("/contact", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": freshIp() },
      body: form,
    });
    expect(response.status).toBe(201);
    expect(textOf(await response.text())).toContain(
      "Thank you for your message! We will get back to you soon.",
    );
    expect(await countContacts(body.email)).toBe(1);
  });
});

describe("admin access", () => {
  const adminCalls: [string, string][] = [
    ["GET", "/api/admin/pending-users"],
    ["GET", "/api/admin/contacts"],
    ["POST", "/api/admin/approve-user/1"],
    ["POST", "/api/admin/mark-contact-processed/1"],
  ];

  it("answers 401 to visitors and 403 to signed-in non-admins on every admin call", async () => {
    const { cookie } = await signedInCookie();
    for (const [method, path] of adminCalls) {
      expect((await fetchWorker(path, { method })).status).toBe(401);
      expect((await fetchWorker(path, { method, headers: { Cookie: cookie } })).status).toBe(403);
    }
  });

  it("sends visitors and non-admins from /admin to /login", async () => {
    const { cookie } = await signedInCookie();
    for (const headers of [{}, { Cookie: cookie }] as Record<string, string>[]) {
      const response = await fetchWorker("/admin", { headers, redirect: "manual" });
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/login");
    }
  });

  it("refuses a pending admin", async () => {
    const email = uniqueEmail("pending-admin");
    await registerViaApi(email);
    await env.DB.prepare("UPDATE users SET user_type_id = 1 WHERE email = ?").bind(email).run();
    const login = await postJson("/api/login", { email, password: "correct horse battery" });
    expect(login.status).toBe(401);
  });
});

describe("admin actions", () => {
  it("approves a user once, recording who and when, and the user can then log in", async () => {
    const { cookie } = await signedInCookie({ admin: true });
    const email = uniqueEmail("approve-me");
    await registerViaApi(email);
    const pending = await (
      await fetchWorker("/api/admin/pending-users", { headers: { Cookie: cookie } })
    ).json<{ id: number; email: string; createdAt: string }[]>();
    const user = pending.find((row) => row.email === email);
    expect(user).toBeDefined();
    const approve = () =>
      fetchWorker(`/api/admin/approve-user/${user?.id}`, { method: "POST", headers: { Cookie: cookie } });
    expect((await (await approve()).json<{ changed: boolean }>()).changed).toBe(true);
    const first = await env.DB.prepare("SELECT approved_by, approved_at FROM users WHERE email = ?")
      .bind(email)
      .first();
    expect((await (await approve()).json<{ changed: boolean }>()).changed).toBe(false);
    const second = await env.DB.prepare("SELECT approved_by, approved_at FROM users WHERE email = ?")
      .bind(email)
      .first();
    expect(second).toEqual(first);
    expect(first?.approved_by).not.toBeNull();
    expect((await postJson("/api/login", { email, password: "correct horse battery" })).status).toBe(200);
  });

  it("marks a contact processed once and removes it from the list", async () => {
    const { cookie } = await signedInCookie({ admin: true });
    const body = contact();
    await postJson("/api/contact", body);
    const list = async () =>
      (
        await (
          await fetchWorker("/api/admin/contacts", { headers: { Cookie: cookie } })
        ).json<{ id: number; email: string }[]>()
      ).filter((row) => row.email === body.email);
    const [row] = await list();
    const mark = () =>
      fetchWorker(`/api/admin/mark-contact-processed/${row?.id}`, {
        method: "POST",
        headers: { Cookie: cookie },
      });
    expect((await mark()).status).toBe(200);
    expect((await mark()).status).toBe(200);
    expect(await list()).toEqual([]);
    const stored = await env.DB.prepare(
      "SELECT is_processed, processed_by, processed_at FROM contact_submissions WHERE id = ?",
    )
      .bind(row?.id)
      .first<{ is_processed: number; processed_by: number; processed_at: number }>();
    expect(stored?.is_processed).toBe(1);
    expect(stored?.processed_by).toBeGreaterThan(0);
    expect(stored?.processed_at).toBeGreaterThan(0);
  });

  it("answers 400 for a malformed id and 404 for an unknown one", async () => {
    const { cookie } = await signedInCookie({ admin: true });
    const post = (path: string) => fetchWorker(path, { method: "POST", headers: { Cookie: cookie } });
    expect((await post("/api/admin/approve-user/abc")).status).toBe(400);
    expect((await post("/api/admin/approve-user/-1")).status).toBe(400);
    expect((await post("/api/admin/approve-user/99999999")).status).toBe(404);
    expect((await post("/api/admin/mark-contact-processed/1.5")).status).toBe(400);
    expect((await post("/api/admin/mark-contact-processed/99999999")).status).toBe(404);
  });

  it("answers 404 for an action no one declared, and 405 for a GET of one that is", async () => {
    const { cookie } = await signedInCookie({ admin: true });
    const call = (method: string, path: string) => fetchWorker(path, { method, headers: { Cookie: cookie } });
    for (const method of ["POST", "GET"]) {
      const unknown = await call(method, "/api/admin/delete-everything/1");
      expect([method, unknown.status]).toEqual([method, 404]);
      expect(await unknown.json()).toEqual({ error: "There is no such API endpoint." });
    }
    expect((await call("GET", "/api/admin/approve-user/1")).status).toBe(405);
    expect((await call("POST", "/api/admin/APPROVE-USER/99999999")).status).toBe(404);
    expect(await (await call("POST", "/api/admin/APPROVE-USER/99999999")).json()).toEqual({
      error: "No such user.",
    });
  });

  it("pages long lists: 50 at a time by keyset, the next page linked, with the total in a header", async () => {
    const { cookie } = await signedInCookie({ admin: true });
    const statements = Array.from({ length: 120 }, (_, i) =>
      env.DB.prepare(
        "INSERT INTO contact_submissions (first_name, last_name, email, message, user_type_id) VALUES ('Bulk', 'Row', ?, 'hello', 2)",
      ).bind(`bulk${i}@example.com`),
    );
    await env.DB.batch(statements);
    const first = await fetchWorker("/api/admin/contacts", { headers: { Cookie: cookie } });
    const next = /<([^>]*)>; rel="next"/.exec(first.headers.get("Link") ?? "")?.[1] ?? "";
    expect(next).toMatch(/^\/api\/admin\/contacts\?after=\d+\.\d+$/);
    const response = await fetchWorker(next, { headers: { Cookie: cookie } });
    const [firstIds, secondIds] = [
      await first.json<{ id: number }[]>(),
      await response.json<{ id: number }[]>(),
    ];
    expect(secondIds.length).toBe(50);
    expect(secondIds.some((row) => firstIds.some((seen) => seen.id === row.id))).toBe(false);
    expect(Number(response.headers.get("X-Total-Count"))).toBeGreaterThanOrEqual(120);
    const plan = await env.DB.prepare(
      "EXPLAIN QUERY PLAN SELECT id FROM contact_submissions WHERE is_processed = 0 ORDER BY created_at, id LIMIT 50",
    ).all<{ detail: string }>();
    expect(plan.results.map((row) => row.detail).join(" ")).toContain("contact_submissions_unprocessed_idx");
  });
});

describe("token applications state a payment method", () => {
  const TOKEN_ENQUIRY = 2;
  const LICENSING = 4;

  async function storedPayment(email: string) {
    const row = await env.DB.prepare("SELECT payment_method FROM contact_submissions WHERE email = ?")
      .bind(email)
      .first<{ payment_method: string | null }>();
    return row?.payment_method;
  }

  function postContactForm(fields: Record<string, string>) {
    return fetchWorker("/contact", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": freshIp() },
      body: new URLSearchParams(fields),
    });
  }

  it("keeps the payment method of a token enquiry sent to the API", async () => {
    const body = contact({ userTypeId: TOKEN_ENQUIRY, paymentMethod: "USDT" });
    expect((await postJson("/api/contact", body)).status).toBe(201);
    expect(await storedPayment(body.email)).toBe("USDT");
  });

  it("keeps the payment method of a token enquiry sent from the page's form without JavaScript", async () => {
    const body = contact({ paymentMethod: "SOL" });
    const response = await postContactForm({ ...body, userTypeId: String(TOKEN_ENQUIRY) } as Record<
      string,
      string
    >);
    expect(response.status).toBe(201);
    expect(await storedPayment(body.email)).toBe("SOL");
  });

  it("drops the payment method of any other area, from the API and the form", async () => {
    const api = contact({ userTypeId: LICENSING, paymentMethod: "BTC" });
    expect((await postJson("/api/contact", api)).status).toBe(201);
    expect(await storedPayment(api.email)).toBeNull();
    const form = contact({ paymentMethod: "BTC" });
    const response = await postContactForm({ ...form, userTypeId: String(LICENSING) } as Record<
      string,
      string
    >);
    expect(response.status).toBe(201);
    expect(await storedPayment(form.email)).toBeNull();
  });

  it("accepts the spec's payload without it, or with null, on a token enquiry", async () => {
    const spec = contact();
    expect(Object.keys(spec).sort()).toEqual(
      ["company", "email", "firstName", "lastName", "message", "phone", "userTypeId"].sort(),
    );
    expect((await postJson("/api/contact", spec)).status).toBe(201);
    expect(await storedPayment(spec.email)).toBeNull();
    const withNull = contact({ paymentMethod: null });
    expect((await postJson("/api/contact", withNull)).status).toBe(201);
    expect(await storedPayment(withNull.email)).toBeNull();
  });

  it.each(["ETH", "usdt", "", 5, ["USDT"], "USDT'); DROP TABLE users; --"])(
    "answers 400 with a field error for the payment method %j and stores nothing",
    async (paymentMethod) => {
      const body = contact({ paymentMethod });
      const response = await postJson("/api/contact", body);
      expect(response.status).toBe(400);
      const { fieldErrors } = await response.json<{ fieldErrors: Record<string, string> }>();
      expect(fieldErrors).toEqual({
        paymentMethod: "Preferred payment method must be one of BTC, SOL, USDT",
      });
      expect(await countContacts(body.email)).toBe(0);
    },
  );

  it("shows the form's field error for an invalid payment method without JavaScript", async () => {
    const body = contact({ paymentMethod: "DOGE" });
    const response = await postContactForm({ ...body, userTypeId: String(TOKEN_ENQUIRY) } as Record<
      string,
      string
    >);
    expect(response.status).toBe(400);
    expect(textOf(await response.text())).toContain("Preferred payment method must be one of BTC, SOL, USDT");
    expect(await countContacts(body.email)).toBe(0);
  });

  it("offers the payment methods on the form, in a fieldset with a legend, without JavaScript", async () => {
    const { html } = await fetchPage("/contact");
    const form = html.slice(html.indexOf("<form"), html.indexOf("</form>"));
    const fieldset = form.slice(form.indexOf("<fieldset"), form.indexOf("</fieldset>"));
    expect(textOf(fieldset)).toContain("Preferred payment method");
    expect(textOf(fieldset)).toContain("For token purchases");
    for (const method of ["BTC", "SOL", "USDT"]) {
      expect(fieldset).toMatch(new RegExp(`<input type="radio"[^>]* name="paymentMethod" value="${method}"`));
    }
    expect(fieldset).not.toMatch(/<fieldset[^>]*\s(hidden|disabled)/);
  });

  describe("for administrators", () => {
    let cookie: string;
    const marker = `pay${Date.now().toString(36)}`;
    const emails = { usdt: "", btc: "", none: "", processedSol: "", processedUsdt: "" };

    async function list(query: string) {
      const response = await fetchWorker(`/api/admin/contacts${query}`, { headers: { Cookie: cookie } });
      expect(response.status).toBe(200);
      const items = await response.json<{ email: string; paymentMethod: string | null }[]>();
      return { total: Number(response.headers.get("X-Total-Count")), items };
    }

    const ours = (items: { email: string; paymentMethod: string | null }[]) =>
      items
        .filter((item) => item.email.startsWith(marker))
        .map((item) => [item.email, item.paymentMethod])
        .sort();

    beforeAll(async () => {
      cookie = (await signedInCookie({ admin: true })).cookie;
      for (const [name, paymentMethod] of [
        ["usdt", "USDT"],
        ["btc", "BTC"],
        ["none", undefined],
      ] as const) {
        const body = contact({ email: uniqueEmail(`${marker}-${name}`), paymentMethod });
        expect((await postJson("/api/contact", body)).status).toBe(201);
        emails[name] = body.email;
      }
      const processed = { is_processed: 1, processed_at: Math.floor(Date.now() / 1000) };
      emails.processedSol = (
        await insertContact({ ...processed, email: uniqueEmail(`${marker}-psol`), payment_method: "SOL" })
      ).email;
      emails.processedUsdt = (
        await insertContact({ ...processed, email: uniqueEmail(`${marker}-pusdt`), payment_method: "USDT" })
      ).email;
    });

    it("gives each message of the JSON list its paymentMethod, and filters by ?payment=", async () => {
      expect(ours((await list(`?q=${marker}`)).items)).toEqual(
        [
          [emails.usdt, "USDT"],
          [emails.btc, "BTC"],
          [emails.none, null],
        ].sort(),
      );
      const usdt = await list(`?q=${marker}&payment=USDT`);
      expect(usdt.items.every((item) => item.paymentMethod === "USDT")).toBe(true);
      expect(ours(usdt.items)).toEqual([[emails.usdt, "USDT"]]);
      expect(usdt.total).toBe(usdt.items.length);
      expect(ours((await list(`?q=${marker}&processed=true&payment=SOL`)).items)).toEqual([
        [emails.processedSol, "SOL"],
      ]);
      expect(ours((await list(`?q=${marker}&processed=true&payment=USDT`)).items)).toEqual([
        [emails.processedUsdt, "USDT"],
      ]);
    });

    it("ignores an unknown payment filter", async () => {
      const all = await list("");
      for (const payment of ["usdt", "ETH", "USDT%20", "", "%00", "%3Cscript%3E"]) {
        expect((await list(`?payment=${payment}`)).total, payment).toBe(all.total);
      }
    });

    it("shows the payment method on the dashboard's messages and filters by it", async () => {
      const { html } = await fetchPage(`/admin?tab=contacts&q=${marker}`, { headers: { Cookie: cookie } });
      // A message's row, as the payment method's column (the one headed so) shows it.
      const card = (page: string, email: string) => {
        const at = page.indexOf(email);
        if (at < 0) return null;
        const row = page.slice(page.lastIndexOf("<tr", at), page.indexOf("</tr>", at));
        const headers = [...page.slice(page.lastIndexOf("<thead", at), at).matchAll(/<th[^>]*>(.*?)<\/th>/g)];
        const column = headers.findIndex((header) => textOf(header[1] ?? "") === "Payment method");
        const cells = [...row.matchAll(/<td[^>]*>(.*?)<\/td>/gs)].map((cell) => textOf(cell[1] ?? ""));
        return `Payment method ${cells[column] ?? ""}`.trim();
      };
      expect(card(html, emails.usdt)).toMatch(/Payment method\s*USDT/);
      expect(card(html, emails.btc)).toMatch(/Payment method\s*BTC/);
      expect(card(html, emails.none)).toBe("Payment method");
      expect(textOf(html)).toContain("Filter");

      const filtered = (
        await fetchPage(`/admin?tab=contacts&q=${marker}&payment=USDT`, { headers: { Cookie: cookie } })
      ).html;
      expect(card(filtered, emails.usdt)).toMatch(/Payment method\s*USDT/);
      expect(card(filtered, emails.btc)).toBeNull();
      expect(card(filtered, emails.none)).toBeNull();
      expect(filtered).toMatch(/<option value="USDT" selected/);

      const processed = (
        await fetchPage(`/admin?tab=contacts&q=${marker}&view=processed&payment=SOL`, {
          headers: { Cookie: cookie },
        })
      ).html;
      expect(card(processed, emails.processedSol)).toMatch(/Payment method\s*SOL/);
      expect(card(processed, emails.processedUsdt)).toBeNull();

      const hostile = await fetchWorker(`/admin?tab=contacts&q=${marker}&payment=%3Cscript%3E`, {
        headers: { Cookie: cookie },
      });
      expect(hostile.status).toBe(200);
      const hostileHtml = await hostile.text();
      expect(card(hostileHtml, emails.usdt)).not.toBeNull();
      expect(card(hostileHtml, emails.btc)).not.toBeNull();
    });
  });
});
