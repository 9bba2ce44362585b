import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { textOf } from "./support";
import { registerViaApi, signedInCookie, uniqueEmail, userIdOf } from "./support-accounts";
import { dashboardPost as postToDashboard } from "./support-queue";

// Approving or rejecting many registrations at once from the Pending Users tab
// (docs/decisions/152-message-states-and-claims.md): one press, one batch, an entry and (for an approval)
// an email event per account decided, nothing for an account already decided.

const dashboardPost = (cookie: string, fields: [string, string][]) =>
  postToDashboard(cookie, fields, "?tab=pending");

async function standing(id: number) {
  return env.DB.prepare("SELECT is_approved, approved_by, rejected_by, is_active FROM users WHERE id = ?")
    .bind(id)
    .first<{
      is_approved: number;
      approved_by: number | null;
      rejected_by: number | null;
      is_active: number;
    }>();
}

async function countWhere(sql: string, ...values: unknown[]) {
  const row = await env.DB.prepare(sql)
    .bind(...values)
    .first<{ count: number }>();
  return row?.count ?? 0;
}

async function registered(count: number, label: string) {
  const ids: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const email = uniqueEmail(`${label}${i}`);
    await registerViaApi(email);
    ids.push(await userIdOf(email));
  }
  return ids;
}

describe("bulk decisions on registrations", () => {
  let admin: { cookie: string; email: string };
  let adminId: number;

  beforeAll(async () => {
    admin = await signedInCookie({ admin: true });
    adminId = await userIdOf(admin.email);
  });

  it("approves the ticked registrations in one press: an entry and an email event each, none for a repeat", async () => {
    const [first, second, third] = (await registered(3, "bulkapprove")) as [number, number, number];
    expect(
      (
        await dashboardPost(admin.cookie, [
          ["intent", "reject"],
          ["id", String(third)],
        ])
      ).status,
    ).toBe(200);

    const response = await dashboardPost(admin.cookie, [
      ["intent", "bulk-decide"],
      ["decide", "approve"],
      ["ids", String(first)],
      ["ids", String(second)],
      ["ids", String(third)],
    ]);
    expect(response.status).toBe(200);
    expect(textOf(await response.text())).toContain("2 registrations approved.");
    expect(await standing(first)).toMatchObject({ is_approved: 1, approved_by: adminId });
    expect(await standing(second)).toMatchObject({ is_approved: 1, approved_by: adminId });
    expect(await standing(third)).toMatchObject({ is_approved: 0, rejected_by: adminId });
    const ids = [first, second, third];
    const inIds = `(${ids.join(", ")})`;
    expect(
      await countWhere(
        `SELECT count(*) AS count FROM account_events WHERE action = 'user-approved' AND subject_id IN ${inIds}`,
      ),
    ).toBe(2);
    expect(
      await countWhere(
        `SELECT count(*) AS count FROM mail_events WHERE type = 'account-approved' AND subject_id IN ${inIds}`,
      ),
    ).toBe(2);

    const again = await dashboardPost(admin.cookie, [
      ["intent", "bulk-decide"],
      ["decide", "approve"],
      ["ids", String(first)],
    ]);
    expect(textOf(await again.text())).toContain("0 registrations approved.");
    expect(
      await countWhere(
        `SELECT count(*) AS count FROM account_events WHERE action = 'user-approved' AND subject_id = ?`,
        first,
      ),
    ).toBe(1);
  });

  it("rejects every pending registration on show, and none registered after the page was shown", async () => {
    const shown = await registered(2, "bulkreject");
    const upto = Math.max(...shown);
    const [late] = await registered(1, "bulklate");
    const response = await dashboardPost(admin.cookie, [
      ["intent", "bulk-decide"],
      ["decide", "reject"],
      ["scope", "matching"],
      ["upto", String(upto)],
    ]);
    expect(response.status).toBe(200);
    expect(textOf(await response.text())).toMatch(/\d+ registrations? rejected/);
    for (const id of shown) expect(await standing(id)).toMatchObject({ rejected_by: adminId, is_active: 0 });
    expect(await standing(late as number)).toMatchObject({ is_approved: 0, rejected_by: null });
  });

  it("refuses a bulk decision that names nobody or no decision, with a 400", async () => {
    for (const fields of [
      [["decide", "approve"]],
      [
        ["decide", "promote"],
        ["ids", "1"],
      ],
      [
        ["decide", "approve"],
        ["scope", "matching"],
      ],
      [
        ["decide", "approve"],
        ["ids", "1,,2"],
      ],
    ] as [string, string][][]) {
      const response = await dashboardPost(admin.cookie, [["intent", "bulk-decide"], ...fields]);
      expect(response.status, JSON.stringify(fields)).toBe(400);
    }
  });
});
