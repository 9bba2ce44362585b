import { describe, expect, it } from "vitest";
import { fetchWorker, textOf } from "./support";
import { codeNow, PASSWORD, postForm, signedInCookie, userIdOf } from "./support-accounts";
import {
  countEvents,
  hasAuthenticator,
  interruptedDeactivation,
  isActive,
  me,
  refOf,
  stale,
} from "./support-confirm-its-you";

// "Confirm it's you" goes on only with what the server stored for the session that was refused: an action
// or target written into a link or a posted form names nothing and runs nothing.

describe("a crafted link", () => {
  it("?resume=reset-second-factors&id=<B> names nothing, and confirming it resets nobody", async () => {
    const admin = await signedInCookie({ admin: true });
    const other = await signedInCookie({ admin: true });
    const target = await userIdOf(other.email);
    await stale(admin.email);
    const crafted = `/confirm-its-you?next=${encodeURIComponent("/admin?tab=users")}&resume=reset-second-factors&id=${target}`;

    const page = await fetchWorker(crafted, { headers: { Cookie: admin.cookie } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(textOf(html)).toContain("There is nothing to confirm");
    expect(html).not.toContain('name="password"');

    const fields = {
      intent: "confirm-its-you",
      resume: "reset-second-factors",
      id: String(target),
      next: "/admin?tab=users",
      password: PASSWORD,
      code: codeNow(admin.secret ?? new Uint8Array(), 1),
    };
    const posted = await postForm(crafted, fields, admin.cookie);
    expect(posted.status).toBe(404);
    expect(textOf(await posted.text())).toContain("There is nothing to confirm");
    // The old shape of the form, posted to the dashboard itself.
    const toDashboard = await postForm("/admin?tab=users", fields, admin.cookie);
    expect(toDashboard.status).toBe(400);

    expect(await hasAuthenticator(other.email)).toBe(true);
    expect(await countEvents(target, "second-factors-reset")).toBe(0);
    expect((await me(other.cookie)).status).toBe(200);
    // Nothing was even confirmed: the session is as stale as before.
    expect(await countEvents(await userIdOf(admin.email), "reauthenticated")).toBe(0);
  });

  it("a resume and id added to a real reference's address are ignored: the stored action runs", async () => {
    const admin = await signedInCookie({ admin: true });
    const member = await signedInCookie();
    const other = await signedInCookie({ admin: true });
    await stale(admin.email);
    const location = await interruptedDeactivation(admin.cookie, member.email);
    const tampered = `${location}&resume=reset-second-factors&id=${await userIdOf(other.email)}`;
    const page = await fetchWorker(tampered, { headers: { Cookie: admin.cookie } });
    expect(textOf(await page.text())).toContain(`Deactivate the account of ${member.email}`);

    const confirmed = await postForm(
      tampered,
      {
        intent: "confirm-its-you",
        ref: refOf(location),
        resume: "reset-second-factors",
        id: String(await userIdOf(other.email)),
        password: PASSWORD,
        code: codeNow(admin.secret ?? new Uint8Array(), 1),
      },
      admin.cookie,
    );
    expect(confirmed.status).toBe(302);
    expect(await isActive(member.email)).toBe(false);
    expect(await hasAuthenticator(other.email)).toBe(true);
  });

  it("on /account/security, a posted resume switches nothing off", async () => {
    const member = await signedInCookie({ admin: true });
    await stale(member.email);
    const posted = await postForm(
      "/account/security",
      {
        intent: "confirm-its-you",
        resume: "totp-remove",
        password: PASSWORD,
        code: codeNow(member.secret ?? new Uint8Array(), 1),
      },
      member.cookie,
    );
    expect(posted.status).toBe(404);
    expect(textOf(await posted.text())).toContain("There is nothing to confirm");
    expect(await hasAuthenticator(member.email)).toBe(true);
  });
});
