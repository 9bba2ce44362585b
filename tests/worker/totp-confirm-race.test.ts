import { env } from "cloudflare:test";
import { decodeBase32IgnorePadding } from "@oslojs/encoding";
import { describe, expect, it } from "vitest";
import { TOTP_ALREADY_ON } from "../../app/lib/account-messages";
import {
  normalisedRecoveryCode,
  recoveryCodeHash,
  recoveryCodeKey,
} from "../../app/server/second-factors/recovery-codes";
import { totpCodeAt } from "../../app/server/second-factors/totp-secrets";
import { fetchWorker, textOf } from "./support";
import { PASSWORD, postForm, postJson, signedInCookie, userIdOf } from "./support-accounts";

// An authenticator app confirmed by several requests at once (a double click, two tabs): only the request
// that turned it on shows recovery codes, and they are the ones stored; every other answers "already on".

const CONCURRENT = 6;

/** A signed-in member with an authenticator app set up but not yet confirmed, and a code from it. */
async function pendingApp() {
  const { email, cookie } = await signedInCookie();
  const started = await postJson("/api/auth/totp", {}, { Cookie: cookie });
  expect(started.status).toBe(201);
  const { secret } = await started.json<{ secret: string }>();
  const code = totpCodeAt(decodeBase32IgnorePadding(secret), Math.floor(Date.now() / 30_000));
  return { email, cookie, code, id: await userIdOf(email) };
}

async function storedCodeHashes(userId: number): Promise<string[]> {
  const { results } = await env.DB.prepare("SELECT code_hash FROM recovery_codes WHERE user_id = ?")
    .bind(userId)
    .all<{ code_hash: string }>();
  return results.map((row) => row.code_hash).sort();
}

function hashesOf(codes: string[]): string[] {
  const key = recoveryCodeKey(env.RECOVERY_CODE_KEY);
  if (!key) throw new Error("no recovery code key");
  return codes.map((code) => recoveryCodeHash(key, normalisedRecoveryCode(code) ?? code)).sort();
}

async function entries(userId: number, action: string): Promise<number> {
  const row = await env.DB.prepare(
    "SELECT count(*) AS n FROM account_events WHERE subject_id = ? AND action = ?",
  )
    .bind(userId, action)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

async function mails(userId: number, type: string): Promise<number> {
  const row = await env.DB.prepare("SELECT count(*) AS n FROM mail_events WHERE subject_id = ? AND type = ?")
    .bind(userId, type)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

describe(`${CONCURRENT} confirmations of one authenticator app at once`, () => {
  it("answer 200 with codes once, 409 'already on' the rest, and the codes shown are the ones that work", async () => {
    const { email, cookie, code, id } = await pendingApp();
    const answers = await Promise.all(
      Array.from({ length: CONCURRENT }, async () => {
        const response = await postJson("/api/auth/totp/confirm", { code }, { Cookie: cookie });
        return { status: response.status, body: await response.json<Record<string, unknown>>() };
      }),
    );
    const turnedOn = answers.filter((answer) => answer.status === 200);
    expect(turnedOn).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 409).map((answer) => answer.body)).toEqual(
      Array(CONCURRENT - 1).fill({ error: TOTP_ALREADY_ON }),
    );
    const codes = turnedOn[0]?.body.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(await storedCodeHashes(id)).toEqual(hashesOf(codes));
    expect(await entries(id, "totp-enabled")).toBe(1);
    expect(await entries(id, "recovery-codes-generated")).toBe(1);
    expect(await mails(id, "totp-enabled")).toBe(1);

    // One of the codes shown signs in as the second factor.
    const signIn = await postJson("/api/login", { email, password: PASSWORD, code: codes[3] });
    expect(signIn.status).toBe(200);
  });

  it("show the codes on the page once, and 'already on' on every other answer", async () => {
    const { cookie, code, id } = await pendingApp();
    const pages = await Promise.all(
      Array.from({ length: CONCURRENT }, async () => {
        const response = await postForm("/account/security", { intent: "totp-confirm", code }, cookie);
        return { status: response.status, text: textOf(await response.text()) };
      }),
    );
    const on = pages.filter((page) => page.status === 200);
    expect(on).toHaveLength(1);
    expect(on[0]?.text).toContain("Authenticator app on");
    const others = pages.filter((page) => page.status !== 200);
    expect(others.map((page) => [page.status, page.text.includes(TOTP_ALREADY_ON)])).toEqual(
      Array(CONCURRENT - 1).fill([409, true]),
    );
    expect(await storedCodeHashes(id)).toEqual(hashesOf(codesIn(on[0]?.text ?? "")));
  });

  it("answers a later confirmation of an app that is on with 409 'already on' and shows no codes", async () => {
    const { cookie, code } = await pendingApp();
    expect((await postJson("/api/auth/totp/confirm", { code }, { Cookie: cookie })).status).toBe(200);
    const again = await postJson("/api/auth/totp/confirm", { code }, { Cookie: cookie });
    expect([again.status, await again.json()]).toEqual([409, { error: TOTP_ALREADY_ON }]);
    const page = await fetchWorker("/account/security", { headers: { Cookie: cookie } });
    expect(page.status).toBe(200);
  });
});

/** The recovery codes a page shows, written "xxxx-xxxx-xxxx-xxxx". */
function codesIn(text: string): string[] {
  return [...new Set([...text.matchAll(/\b[a-z2-7]{4}(?:-[a-z2-7]{4}){3}\b/g)].map((match) => match[0]))];
}
