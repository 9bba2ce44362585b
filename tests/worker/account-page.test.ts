import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { fetchWorker, textOf } from "./support";
import {
  approve,
  freshIp,
  PASSWORD,
  postForm,
  postJson,
  registerViaApi,
  uniqueEmail,
} from "./support-accounts";

// /account as a page: plain HTML forms that work without JavaScript, for every signed-in person.

async function signIn(email: string, userAgent = "Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0") {
  const response = await postJson("/api/login", { email, password: PASSWORD }, { "User-Agent": userAgent });
  return (response.headers.get("Set-Cookie") ?? "").split(";")[0] ?? "";
}

async function member() {
  const email = uniqueEmail("page");
  await registerViaApi(email);
  await approve(email);
  return { email, cookie: await signIn(email) };
}

const post = (cookie: string, fields: Record<string, string>) => postForm("/account", fields, cookie);

describe("/account", () => {
  it("sends a visitor to sign in first, and back here after", async () => {
    const response = await fetchWorker("/account", { redirect: "manual" });
    expect(response.status).toBe(302);
    expect(
      new URL(response.headers.get("Location") ?? "", "http://x").pathname +
        new URL(response.headers.get("Location") ?? "", "http://x").search,
    ).toBe("/login?next=/account");
    const { email } = await member();
    const form = await fetchWorker("/login?next=/account");
    expect(await form.text()).toContain('name="next" value="/account"');
    const signedIn = await fetchWorker("/login", {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": freshIp() },
      body: new URLSearchParams({ intent: "login", email, password: PASSWORD, next: "/account" }),
    });
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("Location")).toBe("/account");
  });

  it("sends a visitor to sign in at every door of an /account page, and runs nothing for them", async () => {
    const { email } = await member();
    const before = await env.DB.prepare("SELECT first_name FROM users WHERE email = ?").bind(email).first();
    const doors: [string, RequestInit, string][] = [
      ["/account/security", {}, "/login?next=/account/security"],
      ["/account.data", {}, "/login?next=/account"],
      ["/account/security.data", {}, "/login?next=/account/security"],
      [
        "/account",
        { method: "POST", body: new URLSearchParams({ intent: "profile", firstName: "Mallory" }) },
        "/login?next=/account",
      ],
      [
        "/account/security",
        { method: "POST", body: new URLSearchParams({ intent: "totp-start" }) },
        "/login?next=/account/security",
      ],
    ];
    for (const [path, init, login] of doors) {
      const response = await fetchWorker(path, {
        ...init,
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": freshIp() },
      });
      if (path.endsWith(".data")) {
        // A data request is told where to go in its body (React Router's single fetch), a page by Location.
        expect([path, response.status, await response.text()]).toEqual([
          path,
          202,
          expect.stringContaining(`"redirect","${login}"`),
        ]);
      } else {
        await response.body?.cancel();
        const location = new URL(response.headers.get("Location") ?? "", "http://x");
        expect([path, response.status, location.pathname + location.search]).toEqual([path, 302, login]);
      }
    }
    const after = await env.DB.prepare("SELECT first_name FROM users WHERE email = ?").bind(email).first();
    expect(after).toEqual(before);
  });

  it("brings a person back to a nested page of ours, such as /account/security", async () => {
    const { email } = await member();
    const signedIn = await fetchWorker("/login", {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": freshIp() },
      body: new URLSearchParams({ intent: "login", email, password: PASSWORD, next: "/account/security" }),
    });
    expect(signedIn.headers.get("Location")).toBe("/account/security");
  });

  it("ignores a next that leaves the site", async () => {
    const { email } = await member();
    const signedIn = await fetchWorker("/login", {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": freshIp() },
      body: new URLSearchParams({ intent: "login", email, password: PASSWORD, next: "//evil.example" }),
    });
    expect(signedIn.headers.get("Location")).toBe("/");
  });

  it("shows the profile, the sessions and the recent activity, with no script", async () => {
    const { email, cookie } = await member();
    const response = await fetchWorker("/account", { headers: { Cookie: cookie } });
    expect(response.status).toBe(200);
    const html = await response.text();
    const text = textOf(html);
    for (const heading of ["Profile", "Password", "Sessions", "Recent activity"]) {
      expect(html).toContain(`>${heading}</h2>`);
    }
    expect(text).toContain(`Signed in as ${email}`);
    expect(text).toContain("Firefox on Linux");
    expect(text).toContain("(this session)");
    expect(text).toContain("Signed in");
    expect(html).toContain('href="/account"');
    expect(html).not.toMatch(/<script[^>]*type="module"/);
    expect(response.headers.get("Cache-Control")).toContain("no-store");
  });

  it("saves the profile from a plain form, and answers field errors with 400", async () => {
    const { email, cookie } = await member();
    const saved = await post(cookie, {
      intent: "profile",
      firstName: "Katherine",
      lastName: "Johnson",
      company: "",
      phone: "+1 555 0100",
      userTypeId: "3",
    });
    expect(saved.status).toBe(200);
    expect(textOf(await saved.text())).toContain("Profile saved");
    const row = await env.DB.prepare("SELECT first_name, company, user_type_id FROM users WHERE email = ?")
      .bind(email)
      .first();
    expect(row).toEqual({ first_name: "Katherine", company: null, user_type_id: 3 });
    const refused = await post(cookie, { intent: "profile", firstName: "", lastName: "J", userTypeId: "2" });
    expect(refused.status).toBe(400);
    expect(textOf(await refused.text())).toContain("First name is required");
  });

  it("signs out another session, and all others", async () => {
    const { email, cookie } = await member();
    const phone = await signIn(email, "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Safari/604.1");
    const laptop = await signIn(email, "Mozilla/5.0 (Windows NT 10.0) Chrome/150.0");
    const page = await (await fetchWorker("/account", { headers: { Cookie: cookie } })).text();
    const ids = [...page.matchAll(/name="id" value="([a-z2-7]{24})"/g)].map((match) => match[1] ?? "");
    expect(ids).toHaveLength(2);
    const listed = await (await fetchWorker("/api/account/sessions", { headers: { Cookie: phone } })).json<
      { id: string; current: boolean }[]
    >();
    const phoneId = listed.find((session) => session.current)?.id ?? "";
    expect((await post(cookie, { intent: "end-session", id: phoneId })).status).toBe(200);
    expect((await fetchWorker("/api/account", { headers: { Cookie: phone } })).status).toBe(401);
    expect((await fetchWorker("/api/account", { headers: { Cookie: laptop } })).status).toBe(200);
    expect((await post(cookie, { intent: "end-others" })).status).toBe(200);
    expect((await fetchWorker("/api/account", { headers: { Cookie: laptop } })).status).toBe(401);
    expect((await fetchWorker("/api/account", { headers: { Cookie: cookie } })).status).toBe(200);
  });

  it("changes the password from a plain form and keeps this session under a new cookie", async () => {
    const { cookie } = await member();
    const wrong = await post(cookie, {
      intent: "password",
      currentPassword: "wrong one",
      password: "another long passphrase",
      confirmPassword: "another long passphrase",
    });
    expect(wrong.status).toBe(400);
    expect(textOf(await wrong.text())).toContain("The current password is not right.");
    const changed = await post(cookie, {
      intent: "password",
      currentPassword: PASSWORD,
      password: "another long passphrase",
      confirmPassword: "another long passphrase",
    });
    expect(changed.status).toBe(302);
    expect(changed.headers.get("Location")).toBe("/account");
    const cookies = changed.headers.getSetCookie();
    const renewed = cookies.find((c) => !c.startsWith("flash="))?.split(";")[0] ?? "";
    const flash = cookies.find((c) => c.startsWith("flash="))?.split(";")[0] ?? "";
    const after = await fetchWorker("/account", { headers: { Cookie: `${renewed}; ${flash}` } });
    expect(after.status).toBe(200);
    expect(textOf(await after.text())).toContain(
      "Your password was changed and every other session was signed out.",
    );
    expect((await fetchWorker("/account", { headers: { Cookie: cookie }, redirect: "manual" })).status).toBe(
      302,
    );
  });
});
