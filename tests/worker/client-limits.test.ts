import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { PRIVACY_REQUEST_SENT } from "../../app/lib/account-messages";
import { fetchWorker, textOf, untilLimited } from "./support";
import { freshIp, postJson, uniqueEmail } from "./support-accounts";

// Limits keyed by who asks: a client is an IPv4 address or an IPv6 /64, and privacy requests are limited
// per address asked about too, answering the same whether limited or not.

const FORM_LIMIT = 10; // wrangler.toml FORM_RATE_LIMITER: 10 a minute per client and form
const PRIVACY_REQUESTS_PER_ADDRESS_PER_DAY = 5; // app/server/account/privacy-requests.server.ts

const contact = () => ({
  firstName: "Grace",
  lastName: "Hopper",
  email: uniqueEmail("limited"),
  company: "Navy",
  phone: "+1 555 0100",
  userTypeId: 2,
  message: "About the pilots.",
});

const sendContact = (address: string) => postJson("/api/contact", contact(), { "CF-Connecting-IP": address });

describe("the per-client form limit", () => {
  it("counts two addresses in one IPv6 /64 as one client", async () => {
    // A /64 of this run only; each request from a different address in it, in two spellings.
    // Each address alone is new: only counting the /64 as one client can reach the limit.
    const prefix = `2001:db8:${(Date.now() % 0xffff).toString(16)}:7`;
    const { before, limited } = await untilLimited(FORM_LIMIT, (i) =>
      sendContact(
        i % 3 === 0
          ? `${prefix}::${(i + 1).toString(16)}`
          : i % 3 === 1
            ? `${prefix}:0:0:${i}:1`
            : `${prefix.toUpperCase()}:ffff:ffff:ffff:${i.toString(16)}`,
      ),
    );
    expect(limited?.headers.get("Retry-After")).toBe("60");
    expect(before.length).toBeGreaterThanOrEqual(FORM_LIMIT);
    expect(before.every((status) => status === 201)).toBe(true);
  });

  it("keeps different /64s (and different IPv4 addresses) apart", async () => {
    const base = `2001:db8:${((Date.now() + 1) % 0xffff).toString(16)}`;
    const { before, limited } = await untilLimited(FORM_LIMIT, (i) => sendContact(`${base}:1::${i + 1}`));
    expect(limited?.status).toBe(429);
    expect(before.every((status) => status === 201)).toBe(true);
    // Limited one moment, the next /64 and an IPv4 address are not.
    expect((await sendContact(`${base}:2::1`)).status).toBe(201);
    expect((await sendContact(freshIp())).status).toBe(201);
  });
});

async function storedRequests(email: string): Promise<number> {
  const row = await env.DB.prepare("SELECT count(*) AS n FROM privacy_requests WHERE email = ?")
    .bind(email)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

async function queuedMails(email: string): Promise<number> {
  const row = await env.DB.prepare(
    `SELECT count(*) AS n FROM mail_events e JOIN privacy_requests r ON r.id = e.subject_id
     WHERE e.type = 'privacy-request' AND r.email = ?`,
  )
    .bind(email)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

const askApi = async (email: string) => {
  const response = await postJson("/api/privacy/request", { email });
  return [response.status, await response.text()] as const;
};

/** The form at /privacy/request, posted without JavaScript: its status and the notice it shows. */
async function askPage(email: string) {
  const response = await fetchWorker("/privacy/request", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": freshIp() },
    body: new URLSearchParams({ email }),
  });
  const text = textOf(await response.text());
  return { status: response.status, notice: text.includes(PRIVACY_REQUEST_SENT) };
}

describe("privacy requests per address", () => {
  it(`store and mail at most ${PRIVACY_REQUESTS_PER_ADDRESS_PER_DAY} a day for one address, from any clients, and answer the rest the same`, async () => {
    const email = uniqueEmail("privacy-flood");
    const answers = [];
    for (let i = 0; i < PRIVACY_REQUESTS_PER_ADDRESS_PER_DAY + 3; i++) answers.push(await askApi(email));
    expect(new Set(answers.map((answer) => JSON.stringify(answer)))).toEqual(
      new Set([JSON.stringify([202, JSON.stringify({ ok: true, message: PRIVACY_REQUEST_SENT })])]),
    );
    expect(await storedRequests(email)).toBe(PRIVACY_REQUESTS_PER_ADDRESS_PER_DAY);
    expect(await queuedMails(email)).toBe(PRIVACY_REQUESTS_PER_ADDRESS_PER_DAY);

    // Another address is not touched by it, and gets the very same answer.
    const other = uniqueEmail("privacy-other");
    expect(await askApi(other)).toEqual(answers[0]);
    expect(await storedRequests(other)).toBe(1);
  });

  it("hold the limit when many arrive at once", async () => {
    const email = uniqueEmail("privacy-burst");
    const answers = await Promise.all(Array.from({ length: 12 }, () => askApi(email)));
    expect(answers.every(([status]) => status === 202)).toBe(true);
    expect(await storedRequests(email)).toBe(PRIVACY_REQUESTS_PER_ADDRESS_PER_DAY);
    expect(await queuedMails(email)).toBe(PRIVACY_REQUESTS_PER_ADDRESS_PER_DAY);
  });

  it("count only the last day's requests", async () => {
    const email = uniqueEmail("privacy-yesterday");
    for (let i = 0; i < PRIVACY_REQUESTS_PER_ADDRESS_PER_DAY; i++) await askApi(email);
    await env.DB.prepare(
      "UPDATE privacy_requests SET created_at = created_at - 86401 WHERE email = ? AND id = (SELECT min(id) FROM privacy_requests WHERE email = ?)",
    )
      .bind(email, email)
      .run();
    await askApi(email);
    expect(await storedRequests(email)).toBe(PRIVACY_REQUESTS_PER_ADDRESS_PER_DAY + 1);
    await askApi(email);
    expect(await storedRequests(email)).toBe(PRIVACY_REQUESTS_PER_ADDRESS_PER_DAY + 1);
  });

  it("show the page's same notice when limited as when not", async () => {
    const email = uniqueEmail("privacy-page");
    const pages = [];
    for (let i = 0; i < PRIVACY_REQUESTS_PER_ADDRESS_PER_DAY + 2; i++) pages.push(await askPage(email));
    expect(pages).toEqual(Array(pages.length).fill({ status: 200, notice: true }));
    expect(await storedRequests(email)).toBe(PRIVACY_REQUESTS_PER_ADDRESS_PER_DAY);
  });
});
