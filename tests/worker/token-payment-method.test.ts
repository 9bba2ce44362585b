import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { fetchPage, fetchWorker, textOf } from "./support";
import { freshIp, postJson, signedInCookie, uniqueEmail } from "./support-accounts";
import { contact, countContacts } from "./support-contact";
import { insertContact } from "./support-mail";

// A token application's preferred payment method (docs/decisions/149), from the API and the form without
// JavaScript: kept for a token enquiry alone, refused when unknown, and shown and filtered on for
// administrators.

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
