import { env } from "cloudflare:test";
import { sha256 } from "@oslojs/crypto/sha2";
import { encodeHexLowerCase } from "@oslojs/encoding";
import { describe, expect, it } from "vitest";
import { recoveryCodeHash, recoveryCodeKey } from "../../app/server/second-factors/recovery-codes";
import { codeNow, PASSWORD, postJson } from "./support-accounts";
import { login, member, newClient } from "./support-code-lockout";

// Recovery codes carry 80 bits under an HMAC, are typed in any case with or without dashes, and those of
// the first format keep working until new ones are made.

describe("recovery codes", () => {
  it("are 16 base32 characters in groups, kept as an HMAC, typed in any case with or without dashes", async () => {
    const { email, secret, id } = await member();
    const signedIn = await login(newClient(), { email, password: PASSWORD, code: codeNow(secret) });
    const cookie = signedIn.headers.get("Set-Cookie")?.split(";")[0] ?? "";
    const made = await postJson("/api/auth/recovery-codes", {}, { Cookie: cookie });
    expect(made.status).toBe(200);
    const { recoveryCodes } = (await made.json()) as { recoveryCodes: string[] };
    expect(recoveryCodes).toHaveLength(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-7]{4}(-[a-z2-7]{4}){3}$/);
    expect(new Set(recoveryCodes).size).toBe(10);

    const { results } = await env.DB.prepare("SELECT code_hash FROM recovery_codes WHERE user_id = ?")
      .bind(id)
      .all<{ code_hash: string }>();
    const first = (recoveryCodes[0] ?? "").replaceAll("-", "");
    const plainSha256 = encodeHexLowerCase(sha256(new TextEncoder().encode(first)));
    expect(results.map((row) => row.code_hash)).not.toContain(plainSha256);
    const key = recoveryCodeKey(env.RECOVERY_CODE_KEY) ?? new Uint8Array();
    expect(results.map((row) => row.code_hash)).toContain(recoveryCodeHash(key, first));

    const typed = ` ${first.slice(0, 8).toUpperCase()} ${first.slice(8)} `;
    expect((await login(newClient(), { email, password: PASSWORD, code: typed })).status).toBe(200);
    expect((await login(newClient(), { email, password: PASSWORD, code: recoveryCodes[0] })).status).toBe(
      401,
    );
  });

  it("of the first format keep working until new ones are made", async () => {
    const { email, id } = await member();
    const legacy = encodeHexLowerCase(sha256(new TextEncoder().encode("abcdeabcde")));
    await env.DB.prepare("INSERT INTO recovery_codes (user_id, code_hash) VALUES (?, ?)")
      .bind(id, legacy)
      .run();
    expect((await login(newClient(), { email, password: PASSWORD, code: "ABCDE-abcde" })).status).toBe(200);
    expect((await login(newClient(), { email, password: PASSWORD, code: "abcde-abcde" })).status).toBe(401);
  });
});
