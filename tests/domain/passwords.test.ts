import { describe, expect, it } from "vitest";
import { hashPassword, SCRYPT_PARAMS, verifyPassword } from "../../app/server/identity/passwords.server";

describe("password hashing", () => {
  it("stays inside the Workers scrypt window and OWASP's minimum", () => {
    const { N, r, p } = SCRYPT_PARAMS;
    expect(N * r * p).toBeLessThanOrEqual(2 ** 20);
    expect(N).toBeGreaterThanOrEqual(2 ** 14);
    expect(128 * N * r).toBeGreaterThanOrEqual(16 * 1024 * 1024);
  });

  it("verifies the right password only", async () => {
    const hash = await hashPassword("s3cret pass");
    expect(await verifyPassword("s3cret pass", hash)).toBe(true);
    expect(await verifyPassword("s3cret pasS", hash)).toBe(false);
  });
});
