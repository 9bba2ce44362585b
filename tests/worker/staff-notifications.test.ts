import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { fetchWorker, textOf } from "./support";
import { postForm, signedInCookie } from "./support-accounts";
import { deliver, insertAdmin, linksOf, recordingEnv } from "./support-mail";
import {
  at,
  contactWithEvent,
  countWhere,
  expectSiteLinks,
  expectStaffHeaders,
  isDigest,
  registrationWithEvent,
  to,
} from "./support-notifications";

// How each administrator hears of new messages and registrations (decision 154): immediately, by digest
// (the default) or not at all, chosen on /account with a plain form.

describe("staff notifications by the administrator's choice", () => {
  it("sends one email each to the immediate, a digest to the digest's and nothing to the none's", async () => {
    const immediate = await insertAdmin({ notifications: "immediate" });
    const neverChose = await insertAdmin({ notifications: null });
    const none = await insertAdmin({ notifications: "none" });
    const { contact, event } = await contactWithEvent();
    const registration = await registrationWithEvent();
    const { env: testEnv, sent } = recordingEnv();

    await deliver(testEnv, [event, registration.event], 1, at(0));

    const mine = to(sent, immediate.email).map((email) => email.subject);
    expect(mine.sort()).toEqual([
      "New account awaiting approval",
      "New message from Grace Hopper: FACETS token enquiry",
    ]);
    for (const email of to(sent, immediate.email)) {
      expectStaffHeaders(email, "immediate");
      expect(String(email.text)).toContain("because you chose immediate notifications");
    }
    const digests = to(sent, neverChose.email);
    expect(digests).toHaveLength(1);
    expect(isDigest(digests[0] as (typeof digests)[number])).toBe(true);
    expectStaffHeaders(digests[0] as (typeof digests)[number], "digest");
    expect(to(sent, none.email)).toEqual([]);
    expect(contact.id).toBeGreaterThan(0);
  });

  it("leaves the registrant's confirmation as it was, without the staff headers", async () => {
    await insertAdmin({ notifications: null });
    const { user, event } = await registrationWithEvent();
    const { env: testEnv, sent } = recordingEnv();

    await deliver(testEnv, [event], 1, at(60));

    const [confirmation, ...more] = to(sent, user.email);
    expect(more).toEqual([]);
    expect(confirmation?.subject).toBe("We received your registration");
    expect((confirmation as { headers?: unknown }).headers).toBeUndefined();
  });

  it("tells, in a digest, the counts by state, the oldest of each, and links to the filtered lists", async () => {
    const admin = await insertAdmin({ notifications: "digest" });
    await contactWithEvent({ first_name: "Waiting", last_name: "Oldest", state: "waiting" });
    const { event } = await contactWithEvent({ first_name: "<b>Ada</b>", last_name: "Newest" });
    const { env: testEnv, sent } = recordingEnv();

    await deliver(testEnv, [event], 1, at(120));

    const [digest, ...more] = to(sent, admin.email);
    expect(more).toEqual([]);
    if (!digest) throw new Error("no digest");
    const newCount = await countWhere("contact_submissions WHERE state = 'new'");
    const waitingCount = await countWhere("contact_submissions WHERE state = 'waiting'");
    const pendingCount = await countWhere("users WHERE is_approved = 0 AND rejected_at IS NULL");
    const text = String(digest.text);
    expect(text).toContain(`New messages: ${newCount}`);
    expect(text).toContain(`Waiting on the applicant: ${waitingCount}`);
    expect(text).toContain(`Pending registrations: ${pendingCount}`);
    expect(text).toMatch(/Oldest waiting on the applicant: Waiting Oldest, since .* UTC/);
    expect(text).toMatch(/Oldest new message: .*, since .* UTC/);
    expect(String(digest.html)).not.toContain("<b>Ada</b>");
    expectSiteLinks(digest);
    const links = linksOf(digest);
    for (const path of [
      "/admin?tab=contacts&state=new",
      "/admin?tab=contacts&state=waiting",
      "/admin?tab=pending",
      "/account#notifications-title",
    ])
      expect(links).toContain(`${env.SITE_ORIGIN}${path}`);
    expect(digest.subject).toBe(
      `FACETS digest: ${newCount} new message${newCount === 1 ? "" : "s"}, ${pendingCount} pending registration${pendingCount === 1 ? "" : "s"}`,
    );
  });
});

describe("/account: the administrator's choice", () => {
  const post = (cookie: string, fields: Record<string, string>) => postForm("/account", fields, cookie);

  it("shows the digest chosen by default, saves another choice from a plain form, and audits it", async () => {
    const { email, cookie } = await signedInCookie({ admin: true });
    const page = await fetchWorker("/account", { headers: { Cookie: cookie } });
    const html = await page.text();
    expect(textOf(html)).toContain("Notifications");
    expect(html).toMatch(/<input[^>]*value="digest"[^>]*checked=""|<input[^>]*checked=""[^>]*value="digest"/);

    const saved = await post(cookie, { intent: "notifications", mode: "immediate" });
    expect(saved.status).toBe(200);
    expect(textOf(await saved.text())).toContain("Notifications saved");
    const row = await env.DB.prepare(
      "SELECT mode FROM staff_notification_choices WHERE user_id = (SELECT id FROM users WHERE email = ?)",
    )
      .bind(email)
      .first<{ mode: string }>();
    expect(row?.mode).toBe("immediate");
    const audited = () =>
      countWhere(
        `account_events WHERE action = 'staff-notifications-chosen' AND actor_id = (SELECT id FROM users WHERE email = '${email}')`,
      );
    expect(await audited()).toBe(1);

    // The same choice again changes nothing and records nothing.
    expect((await post(cookie, { intent: "notifications", mode: "immediate" })).status).toBe(200);
    expect(await audited()).toBe(1);
  });

  it("refuses a choice it does not know, and anyone who is not an administrator", async () => {
    const admin = await signedInCookie({ admin: true });
    const wrong = await post(admin.cookie, { intent: "notifications", mode: "hourly" });
    expect(wrong.status).toBe(400);
    expect(textOf(await wrong.text())).toContain("Choose immediately, a digest or no email");

    const member = await signedInCookie();
    const page = await fetchWorker("/account", { headers: { Cookie: member.cookie } });
    expect(textOf(await page.text())).not.toContain("Email me about new contact messages");
    const refused = await post(member.cookie, { intent: "notifications", mode: "none" });
    expect(refused.status).toBe(403);
    expect(
      await countWhere(
        `staff_notification_choices WHERE user_id = (SELECT id FROM users WHERE email = '${member.email}')`,
      ),
    ).toBe(0);
  });
});
