import { expect } from "@playwright/test";
import { DEMO_ADMIN } from "../../scripts/admin-account.ts";
import { nextDemoAdminCode } from "./demo-admin";

// The scenarios of events.spec.ts (issue 45, decision 181): each a request or a few, with the events it must
// leave in the local trace store. Every request carries a CF-Ray of its own, `<run>-<scenario>-<n>`.

export const RUN = `ev${Date.now().toString(36)}`;
const KB = 1024;
const JSON_TYPE = { "Content-Type": "application/json" };
const FORM_TYPE = { "Content-Type": "application/x-www-form-urlencoded" };
const EVIL = { Origin: "https://evil.example" };

// A client address of this spec's own, counted on from a random /24 of 100.64/10 (no other spec of this
// server uses it), so no other spec's limits meet it, nor a client an earlier run on the same state held.
let ips = Math.floor(Math.random() * 16_000) * 250;
const freshIp = () => {
  ips += 1;
  const net = Math.floor(ips / 250);
  return `100.${64 + ((net >> 8) & 63)}.${net & 255}.${(ips % 250) + 1}`;
};

/** What a scenario must leave: `event` or `event:detail` (its action, mail type or factor) → how many. */
export type Expected = Record<string, number>;

export interface Scenario {
  name: string;
  run: (send: Sender) => Promise<void>;
  events?: Expected;
  /** Audit entries this scenario writes: its seals must chain exactly these. */
  sealed?: number;
  /** Read by its cron trace instead of its requests' ids. */
  cron?: boolean;
}

type Sender = (
  path: string,
  init?: { method?: string; headers?: Record<string, string>; body?: BodyInit; ip?: string },
) => Promise<Response>;

let baseURL = "";

/** The server the scenarios are sent to. */
export function useServer(url: string) {
  baseURL = url;
}
let adminCookie = "";

export function senderFor(scenario: number): Sender {
  let n = 0;
  return async (path, init = {}) => {
    n += 1;
    const response = await fetch(new URL(path, baseURL), {
      method: init.method ?? "GET",
      headers: {
        "CF-Ray": `${RUN}-${scenario}-${n}`,
        "CF-Connecting-IP": init.ip ?? freshIp(),
        ...init.headers,
      },
      body: init.body,
      ...(init.body instanceof ReadableStream ? { duplex: "half" } : {}),
    } as RequestInit);
    await response.arrayBuffer();
    return response;
  };
}

const json = (value: unknown) => JSON.stringify(value);
const post = (send: Sender, path: string, body: unknown, headers: Record<string, string> = {}, ip?: string) =>
  send(path, { method: "POST", headers: { ...JSON_TYPE, ...headers }, body: json(body), ip });

const contact = (email: string) => ({
  firstName: "Ann",
  lastName: "Lee",
  email,
  userTypeId: 3,
  message: "I would like to know more about the pilot sites and how to take part, please.",
});
const email = (label: string) => `${RUN}-${label}@example.com`;

/**
 * Requests from one client until the per-client budget (10 a minute) refuses one: at most 21, since the
 * local limiter's minute can turn over during the first ten. Exactly one is refused.
 */
async function overBudget(send: Sender, path: string, body: unknown) {
  const ip = freshIp();
  let status = 0;
  for (let i = 0; i < 21 && status !== 429; i += 1) status = (await post(send, path, body, {}, ip)).status;
  expect(status).toBe(429);
}

export function scenarios(firstDigest: boolean): Scenario[] {
  const member = email("held");
  const lockedIp = freshIp();
  return [
    // A contact message: the acknowledgement, and the administrators' digest if one is due.
    {
      name: "a contact message's mail is handed over",
      run: async (send) => expect((await post(send, "/api/contact", contact(email("c1")))).status).toBe(201),
      events: {
        "mail.handed-over:contact-acknowledgement": 1,
        ...(firstDigest ? { "digest.run": 1, "mail.handed-over:staff-digest": 1 } : {}),
      },
    },
    {
      name: "a second contact message within the digest's window: no digest",
      run: async (send) => expect((await post(send, "/api/contact", contact(email("c2")))).status).toBe(201),
      events: { "mail.handed-over:contact-acknowledgement": 1 },
    },
    // Ordinary requests: no event at all.
    ...[
      "/",
      "/login",
      "/contact",
      "/register",
      "/facets-token",
      "/api/user-types",
      "/api/auth/me",
      "/no-such-page",
    ].map((path): Scenario => ({ name: `GET ${path}`, run: async (send) => void (await send(path)) })),
    { name: "HEAD /", run: async (send) => void (await send("/", { method: "HEAD" })) },
    {
      name: "a wrong password for an address with no account",
      run: async (send) =>
        expect(
          (await post(send, "/api/login", { email: email("nobody"), password: "not it at all" })).status,
        ).toBe(401),
    },
    {
      name: "a contact message with mistakes",
      run: async (send) => expect((await post(send, "/api/contact", { email: "no" })).status).toBe(400),
    },
    // Refusals before any route: origin and size.
    {
      name: "a form posted from another site",
      run: async (send) =>
        void (await send("/contact", {
          method: "POST",
          headers: { ...FORM_TYPE, ...EVIL },
          body: "message=x",
        })),
      events: { "refusal.origin": 1 },
    },
    {
      name: "a JSON post from another site",
      run: async (send) => expect((await post(send, "/api/login", {}, EVIL)).status).toBe(403),
      events: { "refusal.origin": 1 },
    },
    {
      name: "a sign-in form posted from another site",
      run: async (send) =>
        void (await send("/login", { method: "POST", headers: { ...FORM_TYPE, ...EVIL }, body: "email=x" })),
      events: { "refusal.origin": 1 },
    },
    {
      name: "a JSON body over the bound",
      run: async (send) =>
        expect((await post(send, "/api/login", { email: "x", password: "y".repeat(140 * KB) })).status).toBe(
          413,
        ),
      events: { "refusal.size": 1 },
    },
    {
      name: "a form body over the bound",
      run: async (send) => {
        const body = `message=${"x".repeat(20 * KB)}`;
        expect((await send("/contact", { method: "POST", headers: FORM_TYPE, body })).status).toBe(413);
      },
      events: { "refusal.size": 1 },
    },
    {
      name: "a streamed body over the bound, with no length",
      run: async (send) => {
        const chunk = new TextEncoder().encode("x".repeat(8 * KB));
        let left = 8;
        const body = new ReadableStream<Uint8Array>({
          pull(controller) {
            if (left-- > 0) controller.enqueue(chunk);
            else controller.close();
          },
        });
        expect((await send("/api/register", { method: "POST", headers: JSON_TYPE, body })).status).toBe(413);
      },
      events: { "refusal.size": 1 },
    },
    // The guards of the public forms: honeypot and rate limits.
    {
      name: "a bot fills the contact form's honeypot",
      run: async (send) =>
        void (await post(send, "/api/contact", { ...contact(email("bot1")), website: "x" })),
      events: { "refusal.honeypot:contact": 1 },
    },
    {
      name: "a bot fills the registration's honeypot",
      run: async (send) =>
        void (await post(send, "/api/register", {
          email: email("bot2"),
          password: "a long enough password",
          website: "x",
        })),
      events: { "refusal.honeypot:register": 1 },
    },
    {
      name: "a bot fills the contact page's honeypot",
      run: async (send) => {
        const form = new URLSearchParams({ ...contact(email("bot3")), userTypeId: "3", website: "x" });
        await send("/contact", { method: "POST", headers: FORM_TYPE, body: form.toString() });
      },
      events: { "refusal.honeypot:contact": 1 },
    },
    {
      name: "sign-ins over a client's budget",
      run: (send) => overBudget(send, "/api/login", { email: email("nobody"), password: "wrong" }),
      events: { "refusal.rate-limit:login": 1 },
    },
    {
      name: "contact messages over a client's budget",
      run: (send) => overBudget(send, "/api/contact", { email: "no" }),
      events: { "refusal.rate-limit:contact": 1 },
    },
    {
      name: "registrations over a client's budget",
      run: (send) => overBudget(send, "/api/register", { email: "no" }),
      events: { "refusal.rate-limit:register": 1 },
    },
    // Second-factor codes: a wrong one, then a client held after five.
    {
      name: "a sign-in, then a wrong code: the owner is told once",
      run: async (send) => {
        const signedIn = await post(send, "/api/login", { ...admin(), code: await nextDemoAdminCode() });
        expect(signedIn.status).toBe(200);
        adminCookie = signedIn.headers.get("set-cookie")?.split(";")[0] ?? "";
        expect((await post(send, "/api/login", { ...admin(), code: "000000" })).status).toBe(401);
      },
      events: { "refusal.wrong-code:totp": 1, "mail.handed-over:second-factor-wrong-code": 1 },
      sealed: 2,
    },
    {
      name: "five wrong codes from one client, then its lockout",
      run: async (send) => {
        for (let i = 0; i < 6; i += 1)
          await post(send, "/api/login", { ...admin(), code: "000000" }, {}, lockedIp);
      },
      events: {
        "refusal.wrong-code:totp": 5,
        "refusal.lockout:totp": 1,
        "mail.handed-over:second-factor-locked": 1,
      },
      sealed: 6,
    },
    // A password sign-in held: an account with a hundred failures in the hour holds every client that failed.
    {
      name: "an account registered",
      run: async (send) => expect((await post(send, "/api/register", registration(member))).status).toBe(201),
      events: { "mail.handed-over:registration-received": 1 },
    },
    {
      name: "a held client's sign-in",
      run: async (send) => {
        const first = freshIp();
        const wrong = { email: member, password: "not the password" };
        await post(send, "/api/login", wrong, {}, first);
        // One after another: a hundred answers, each counted before the next is sent.
        for (let n = 0; n < 99; n += 1) await post(send, "/api/login", wrong);
        expect((await post(send, "/api/login", wrong, {}, first)).status).toBe(401);
      },
      events: { "refusal.held-account": 1, "mail.handed-over:password-held": 1 },
      sealed: 101,
    },
    // Staff publish through the content API, and roll back.
    {
      name: "a publish and a rollback",
      run: async (send) => {
        const headers = { Cookie: adminCookie, Origin: new URL(baseURL).origin };
        const list = await send("/api/admin/content", { headers: { Cookie: adminCookie } });
        expect(list.status).toBe(200);
        const name = "tranches";
        const doc = await fetch(new URL(`/api/admin/content/${name}`, baseURL), {
          headers: { Cookie: adminCookie },
        });
        const { revision } = (await doc.json()) as { revision: number };
        expect((await post(send, `/api/admin/content/${name}/publish`, { revision }, headers)).status).toBe(
          200,
        );
        expect(
          (await post(send, `/api/admin/content/${name}/rollback`, { version: 1 }, headers)).status,
        ).toBe(200);
      },
      events: { "content.published": 2 },
      sealed: 2,
    },
    {
      name: "a signed-in administrator's pages",
      run: async (send) => {
        expect((await send("/admin", { headers: { Cookie: adminCookie } })).status).toBe(200);
        expect((await send("/api/admin/contacts", { headers: { Cookie: adminCookie } })).status).toBe(200);
      },
    },
    // The five-minute cron with nothing waiting: the sweep, the sealer and the digests find nothing.
    {
      name: "an idle cron",
      cron: true,
      run: async () => {
        const response = await fetch(new URL("/cdn-cgi/handler/scheduled?cron=*/5+*+*+*+*", baseURL));
        expect(response.status).toBe(200);
      },
    },
  ];
}

const admin = () => ({ email: DEMO_ADMIN.email, password: DEMO_ADMIN.password });
const registration = (address: string) => ({
  email: address,
  password: "a long enough password",
  firstName: "Held",
  lastName: "Member",
  userTypeId: 2,
});
