import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ADMIN_USER_TYPE_ID, publicUserTypes } from "../../app/content/user-types";

// The D1 schema as the migrations leave it: seeds and constraints.
describe("data model", () => {
  it("seeds the nine user types with admin as id 1 and the public ones in the spec's order", async () => {
    const { results } = await env.DB.prepare("SELECT id, name, is_active FROM user_types ORDER BY id").all();
    expect(results).toEqual([
      { id: ADMIN_USER_TYPE_ID, name: "admin", is_active: 1 },
      ...publicUserTypes.map(({ id, name }) => ({ id, name, is_active: 1 })),
    ]);
  });

  it("enforces the spec's length bounds and unique email", async () => {
    const insert = (email: string, firstName: string) =>
      env.DB.prepare("INSERT INTO users (email, password, first_name, last_name) VALUES (?, 'x', ?, 'L')")
        .bind(email, firstName)
        .run();
    await insert("a@example.com", "Ann");
    await expect(insert("a@example.com", "Ann")).rejects.toThrow(/UNIQUE/);
    await expect(insert("b@example.com", "x".repeat(101))).rejects.toThrow(/CHECK/);
    const row = await env.DB.prepare("SELECT is_approved, is_active FROM users WHERE email = ?")
      .bind("a@example.com")
      .first();
    expect(row).toEqual({ is_approved: 0, is_active: 1 });
  });
});
