import { describe, expect, it } from "vitest";
import { fetchWorker, textOf } from "./support";
import {
  codeNow,
  enrolAuthenticator,
  flashCookieOf,
  PASSWORD,
  postJson,
  sessionCookieOf,
  signedInCookie,
  userIdOf,
} from "./support-accounts";
import { confirmOn, countEvents, stale } from "./support-confirm-its-you";

// A copy of your data is behind "Confirm it's you": over the API, and on /account, where the confirmation
// names the download and the page then offers it.

describe("a copy of your data", () => {
  it("over the API: 403 reauthenticate without a recent sign-in, 200 once confirmed", async () => {
    const member = await signedInCookie();
    const secret = await enrolAuthenticator(member.email);
    const id = await userIdOf(member.email);
    await stale(member.email);
    const refused = await fetchWorker("/api/account/export", { headers: { Cookie: member.cookie } });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ reauthenticate: "required" });
    expect(await countEvents(id, "data-exported")).toBe(0);

    const confirmed = await postJson(
      "/api/auth/reauthenticate",
      { password: PASSWORD, code: codeNow(secret) },
      { Cookie: member.cookie },
    );
    expect(confirmed.status).toBe(200);
    const copy = await fetchWorker("/api/account/export", {
      headers: { Cookie: sessionCookieOf(confirmed) },
    });
    expect(copy.status).toBe(200);
    expect(copy.headers.get("Content-Disposition")).toMatch(/^attachment; filename="facets-data-/);
    expect(await copy.json()).toMatchObject({ email: member.email.toLowerCase() });
    expect(await countEvents(id, "data-exported")).toBe(1);
  });

  it("on /account: Confirm it's you names the download, then /account offers it", async () => {
    const member = await signedInCookie();
    const secret = await enrolAuthenticator(member.email);
    const id = await userIdOf(member.email);
    await stale(member.email);
    const account = await (await fetchWorker("/account", { headers: { Cookie: member.cookie } })).text();
    expect(account).toContain('href="/account/data.json"');
    expect(account).not.toContain("/api/account/export");

    const refused = await fetchWorker("/account/data.json", {
      redirect: "manual",
      headers: { Cookie: member.cookie },
    });
    expect(refused.status).toBe(302);
    const location = refused.headers.get("Location") ?? "";
    expect(location).toMatch(/^\/confirm-its-you\?ref=[a-z2-7]{52}$/);
    expect(await countEvents(id, "data-exported")).toBe(0);
    const page = await fetchWorker(location, { headers: { Cookie: member.cookie } });
    expect(textOf(await page.text())).toContain("Download a copy of your data");

    const confirmed = await confirmOn(location, member.cookie, secret, 0);
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get("Location")).toBe("/account#data");
    const renewed = sessionCookieOf(confirmed);
    const flash = flashCookieOf(confirmed);
    const back = await fetchWorker("/account", { headers: { Cookie: `${renewed}; ${flash}` } });
    expect(textOf(await back.text())).toContain("Now choose Download my data to get your copy.");

    const file = await fetchWorker("/account/data.json", {
      redirect: "manual",
      headers: { Cookie: renewed },
    });
    expect(file.status).toBe(200);
    expect(file.headers.get("Content-Disposition")).toMatch(/^attachment; filename="facets-data-/);
    expect(await file.json()).toMatchObject({ email: member.email.toLowerCase() });
    expect(await countEvents(id, "data-exported")).toBe(1);

    const visitor = await fetchWorker("/account/data.json", { redirect: "manual" });
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toBe("/login?next=/account");
  });
});
