import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { fetchWorker, textOf } from "./support";
import {
  codeNow,
  flashCookieOf,
  PASSWORD,
  postForm,
  sessionCookieOf,
  signedInCookie,
  userIdOf,
} from "./support-accounts";
import { events } from "./support-second-factors";

// "Confirm it's you" after 10 minutes: the action is interrupted and named, and goes on once confirmed, on
// /account/security and on the dashboard; the CSV export comes back to its tab (decision 115).

/** The reference of the action a page stored for "Confirm it's you" (hidden in its form). */
function storedReference(html: string): string {
  return /name="ref" value="([a-z2-7]{52})"/.exec(html)?.[1] ?? "";
}

describe("Confirm it's you", () => {
  it("asks again after 10 minutes, names the action, and it goes on once confirmed", async () => {
    const { email, cookie, secret } = await signedInCookie({ admin: true });
    const id = await userIdOf(email);
    await env.DB.prepare("UPDATE sessions SET authenticated_at = unixepoch() - 601 WHERE user_id = ?")
      .bind(id)
      .run();
    const refused = await postForm("/account/security", { intent: "recovery-codes" }, cookie);
    expect(refused.status).toBe(403);
    const html = await refused.text();
    expect(textOf(html)).toContain("Confirm it's you Make new recovery codes");
    const ref = storedReference(html);
    expect(ref).toHaveLength(52);

    const wrong = await postForm(
      "/account/security",
      { intent: "confirm-its-you", ref, password: PASSWORD, code: "000000" },
      cookie,
    );
    expect(wrong.status).toBe(401);
    const confirmed = await postForm(
      "/account/security",
      { intent: "confirm-its-you", ref, password: PASSWORD, code: codeNow(secret ?? new Uint8Array(), 1) },
      cookie,
    );
    expect(confirmed.status).toBe(200);
    expect([...(await confirmed.text()).matchAll(/<li>[a-z2-7]{4}(?:-[a-z2-7]{4}){3}<\/li>/g)]).toHaveLength(
      10,
    );
    expect((await events(id, "reauthenticated")).map((entry) => entry.outcome)).toEqual([
      "failure",
      "success",
    ]);
    expect(await events(id, "recovery-codes-generated")).toHaveLength(1);
  });
});

describe("Confirm it's you on the dashboard", () => {
  it("comes back to the dashboard, not to its data request, when the form was posted by the router", async () => {
    const admin = await signedInCookie({ admin: true });
    const member = await signedInCookie();
    const adminId = await userIdOf(admin.email);
    await env.DB.prepare("UPDATE sessions SET authenticated_at = unixepoch() - 601 WHERE user_id = ?")
      .bind(adminId)
      .run();
    // A hydrated form posts to React Router's data request for the page, not to the page itself.
    const refused = await postForm(
      "/admin.data?tab=users",
      { intent: "deactivate", id: String(await userIdOf(member.email)) },
      admin.cookie,
    );
    expect(refused.status).toBeLessThan(500);
    const stored = await env.DB.prepare(
      "SELECT next FROM interrupted_actions WHERE session_id IN (SELECT id FROM sessions WHERE user_id = ?)",
    )
      .bind(adminId)
      .all<{ next: string }>();
    expect(stored.results.map((row) => row.next)).toEqual(["/admin?tab=users"]);
  });

  it("interrupts a deactivation after 10 minutes, names it, and carries it on once confirmed", async () => {
    const admin = await signedInCookie({ admin: true });
    const member = await signedInCookie();
    const memberId = await userIdOf(member.email);
    await env.DB.prepare("UPDATE sessions SET authenticated_at = unixepoch() - 601 WHERE user_id = ?")
      .bind(await userIdOf(admin.email))
      .run();
    const refused = await postForm(
      "/admin?tab=users",
      { intent: "deactivate", id: String(memberId) },
      admin.cookie,
    );
    expect(refused.status).toBe(302);
    const location = refused.headers.get("Location") ?? "";
    expect(location).toMatch(/^\/confirm-its-you\?ref=[a-z2-7]{52}$/);
    const ref = new URL(location, "http://localhost").searchParams.get("ref") ?? "";
    const page = await fetchWorker(location, { headers: { Cookie: admin.cookie } });
    const html = await page.text();
    expect(textOf(html)).toContain(
      `Confirm it's you Deactivate the account of ${member.email.toLowerCase()}`,
    );
    expect(storedReference(html)).toBe(ref);
    expect(html).not.toContain('name="id"');

    const wrong = await postForm(
      location,
      { intent: "confirm-its-you", ref, password: "wrong password", code: "123456" },
      admin.cookie,
    );
    expect(wrong.status).toBe(401);
    expect(textOf(await wrong.text())).toContain(`Deactivate the account of ${member.email.toLowerCase()}`);

    const confirmed = await postForm(
      location,
      {
        intent: "confirm-its-you",
        ref,
        password: PASSWORD,
        code: codeNow(admin.secret ?? new Uint8Array(), 1),
      },
      admin.cookie,
    );
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get("Location")).toBe("/admin?tab=users");
    const cookies = confirmed.headers.getSetCookie();
    expect(
      cookies.some((cookie) => cookie.startsWith("flash=") && cookie.includes("User%20Deactivated")),
    ).toBe(true);
    const renewed = cookies.find((cookie) => cookie.startsWith("session="))?.split(";")[0] ?? "";
    expect(renewed).not.toBe(admin.cookie);
    const row = await env.DB.prepare("SELECT is_active FROM users WHERE id = ?")
      .bind(memberId)
      .first<{ is_active: number }>();
    expect(row?.is_active).toBe(0);
    expect(await events(memberId, "user-deactivated")).toHaveLength(1);
  });

  /** An admin whose sign-in is 11 minutes old asks for `path`: the Confirm it's you page they are sent to. */
  async function staleExport(path: string) {
    const admin = await signedInCookie({ admin: true });
    await env.DB.prepare("UPDATE sessions SET authenticated_at = unixepoch() - 601 WHERE user_id = ?")
      .bind(await userIdOf(admin.email))
      .run();
    const stale = await fetchWorker(path, { redirect: "manual", headers: { Cookie: admin.cookie } });
    expect(stale.status).toBe(302);
    const location = stale.headers.get("Location") ?? "";
    expect(location).toMatch(/^\/confirm-its-you\?ref=[a-z2-7]{52}$/);
    return { admin, location };
  }

  /** That page's answer to the admin's password and a code of the next step. */
  function confirmExport({ admin, location }: Awaited<ReturnType<typeof staleExport>>) {
    return postForm(
      location,
      {
        intent: "confirm-its-you",
        ref: new URL(location, "http://localhost").searchParams.get("ref") ?? "",
        password: PASSWORD,
        code: codeNow(admin.secret ?? new Uint8Array(), 1),
      },
      admin.cookie,
    );
  }

  it("sends the CSV export through Confirm it's you after 10 minutes, and back", async () => {
    const waiting = await staleExport("/admin/activity.csv?action=sign-in");
    const page = await fetchWorker(waiting.location, { headers: { Cookie: waiting.admin.cookie } });
    expect(textOf(await page.text())).toContain("Export the activity log as a CSV file");
    const confirmed = await confirmExport(waiting);
    expect(confirmed.status).toBe(302);
    // Back to the tab with its filter, which says the export now downloads: a redirect to the file itself
    // would leave the browser showing the spent confirmation form.
    expect(confirmed.headers.get("Location")).toBe("/admin?tab=activity&action=sign-in");
    const renewed = sessionCookieOf(confirmed);
    const flash = flashCookieOf(confirmed);
    const tab = await fetchWorker("/admin?tab=activity&action=sign-in", {
      headers: { Cookie: `${renewed}; ${flash}` },
    });
    const html = await tab.text();
    expect(textOf(html)).toContain("Now choose Export CSV to download the activity log.");
    expect(html).toContain('href="/admin/activity.csv?action=sign-in"');
    const csv = await fetchWorker("/admin/activity.csv?action=sign-in", {
      headers: { Cookie: renewed },
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
  });

  it("returns to the Activity tab without filters too long to carry back", async () => {
    // Each of the two filters at its 200 characters, each character nine in the address.
    const long = "€".repeat(200);
    const confirmed = await confirmExport(
      await staleExport(`/admin/activity.csv?person=${long}&action=${long}`),
    );
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get("Location")).toBe("/admin?tab=activity");
  });
});
