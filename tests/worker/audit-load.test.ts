import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import {
  auditKeyOf,
  type EntryRow,
  HEAD_KV_KEY,
  parseHead,
  storedEntryOf,
} from "../../app/server/audit/audit-chain";
import { verifyChain } from "../../app/server/audit/chain-verification";
import { hashPassword } from "../../app/server/identity/passwords.server";
import { fetchWorker } from "./support";
import {
  codeNow,
  enrolAuthenticator,
  PASSWORD,
  sessionCookieOf,
  signedInCookie,
  uniqueEmail,
  userIdOf,
} from "./support-accounts";
import { uniqueIp } from "./support-hostile";

// Two hundred requests at once of every kind that writes an audit entry (issue 31): sign-ins right and
// wrong, wrong authenticator codes, profile changes, admin actions and "Confirm it's you". None may answer
// 5xx, and once the sealer has caught up, every entry they wrote verifies.

const KEY = auditKeyOf(env.AUDIT_LOG_KEY ?? "");

function call(
  path: string,
  body: unknown,
  { cookie, method = "POST" }: { cookie?: string; method?: string } = {},
) {
  return fetchWorker(path, {
    method,
    headers: {
      "Content-Type": "application/json",
      "CF-Connecting-IP": uniqueIp(),
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** Members inserted at once with one password hash (a registration each would spend a hash each). */
async function members(label: string, count: number, { approved = true } = {}): Promise<string[]> {
  const hash = await hashPassword(PASSWORD);
  const emails = Array.from({ length: count }, () => uniqueEmail(label));
  await env.DB.batch(
    emails.map((email) =>
      env.DB.prepare(
        "INSERT INTO users (email, password, first_name, last_name, user_type_id, is_approved, approved_at) VALUES (?, ?, 'Ada', 'Lovelace', 2, ?, unixepoch())",
      ).bind(email, hash, approved ? 1 : 0),
    ),
  );
  return emails;
}

async function signedIn(emails: string[]): Promise<string[]> {
  return Promise.all(
    emails.map(async (email) => {
      const response = await call("/api/login", { email, password: PASSWORD });
      expect(response.status).toBe(200);
      return sessionCookieOf(response);
    }),
  );
}

async function entryCount(where: string): Promise<number> {
  const row = await env.DB.prepare(`SELECT count(*) AS n FROM account_events WHERE ${where}`).first<{
    n: number;
  }>();
  return row?.n ?? 0;
}

describe("a crowd of requests that write audit entries", () => {
  it("answers 200 of them at once without a 5xx, and every entry verifies", async () => {
    const admin = await signedInCookie({ admin: true });
    const signers = await members("rush-in", 20);
    const guessed = await members("rush-wrong", 20);
    const withApp = await Promise.all(
      (await members("rush-code", 2)).map(async (email) => ({
        email,
        secret: await enrolAuthenticator(email),
      })),
    );
    const editors = await signedIn(await members("rush-edit", 20));
    const confirmers = await signedIn(await members("rush-confirm", 20));
    const pending = await Promise.all((await members("rush-pending", 60, { approved: false })).map(userIdOf));
    const wrongPasswordsBefore = await entryCount("action = 'sign-in' AND outcome = 'failure'");
    const wrongCodesBefore = await entryCount("action = 'sign-in-code' AND outcome = 'failure'");

    const wrongCode = (secret: Uint8Array) => (codeNow(secret) === "000000" ? "111111" : "000000");
    const requests = [
      ...signers.map((email) => call("/api/login", { email, password: PASSWORD })),
      ...guessed.map((email) => call("/api/login", { email, password: "not the password" })),
      ...withApp.flatMap(({ email, secret }) =>
        Array.from({ length: 10 }, () =>
          call("/api/login", { email, password: PASSWORD, code: wrongCode(secret) }),
        ),
      ),
      ...confirmers.map((cookie) => call("/api/auth/reauthenticate", { password: PASSWORD }, { cookie })),
      ...editors.flatMap((cookie, index) =>
        [1, 2, 3].map((round) =>
          call("/api/account", { firstName: `Rushed ${index} ${round}` }, { cookie, method: "PATCH" }),
        ),
      ),
      ...pending.map((id) => call(`/api/admin/approve-user/${id}`, undefined, { cookie: admin.cookie })),
    ];
    expect(requests).toHaveLength(200);
    const answers = await Promise.all(requests);
    const statuses = answers.map((answer) => answer.status);
    await Promise.all(answers.map((answer) => answer.body?.cancel()));
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(200));
    expect(statuses.slice(20, 60)).toEqual(Array(40).fill(401));
    expect(statuses.slice(60)).toEqual(Array(140).fill(200));

    // Every wrong password and every wrong code has its entry.
    expect(await entryCount("action = 'sign-in' AND outcome = 'failure'")).toBe(wrongPasswordsBefore + 20);
    expect(await entryCount("action = 'sign-in-code' AND outcome = 'failure'")).toBe(wrongCodesBefore + 20);

    // Once the sealer has caught up, the whole log verifies against the head kept outside D1.
    await vi.waitFor(
      async () => {
        expect(await entryCount("hash IS NULL")).toBe(0);
        const newest = await env.DB.prepare("SELECT max(id) AS id FROM account_events").first<{
          id: number;
        }>();
        expect(parseHead(await env.SESSIONS.get(HEAD_KV_KEY))?.id).toBe(newest?.id);
      },
      { timeout: 120_000 },
    );
    const { results } = await env.DB.prepare("SELECT * FROM account_events ORDER BY id").all<EntryRow>();
    const head = parseHead(await env.SESSIONS.get(HEAD_KV_KEY));
    expect(verifyChain(results.map(storedEntryOf), { keys: [KEY], head })).toMatchObject({ ok: true });
  });
});
