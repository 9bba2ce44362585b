import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { PersonalData } from "../../app/server/account/personal-data.server";
import { fetchWorker } from "./support";
import {
  approve,
  enrolAuthenticator,
  freshIp,
  postJson,
  registerViaApi,
  uniqueEmail,
} from "./support-accounts";
import { deliverPending, everythingInD1, everythingInKv, tokenFrom } from "./support-data-rights";
import { insertContact, linksOf } from "./support-mail";

// /api/privacy, for people without a usable account: a copy and the erasure of what we hold about an
// address, by an emailed link; an address with an active account is told to use /account. Every email is
// read from what the consumer hands to Email Service.

describe("/api/privacy: people without a usable account", () => {
  it("answers a known and an unknown address alike, and emails only the known one a link", async () => {
    const known = uniqueEmail("writer");
    await insertContact({ email: known, message: "Tell me about the pilots." });
    const pending = uniqueEmail("pending");
    await registerViaApi(pending);
    await deliverPending();
    const unknown = uniqueEmail("stranger");
    const answers = await Promise.all(
      [known, unknown].map(async (email) => {
        const response = await postJson("/api/privacy/request", { email });
        return [response.status, await response.text()];
      }),
    );
    expect(answers[0]).toEqual([202, expect.any(String)]);
    expect(answers[1]).toEqual(answers[0]);
    const sent = await deliverPending();
    expect(sent.map((message) => [message.to, message.subject])).toEqual([
      [known, "What FACETS holds about you"],
    ]);
    const token = tokenFrom(linksOf(sent[0] as never), "/privacy/request");

    const exported = await postJson("/api/privacy/export", { token });
    expect(exported.status).toBe(200);
    expect(exported.headers.get("Content-Disposition")).toMatch(/^attachment;/);
    const data = (await exported.json()) as PersonalData;
    expect(data).toMatchObject({ email: known, account: null });
    expect(data.contactMessages).toEqual([expect.objectContaining({ message: "Tell me about the pilots." })]);

    expect((await postJson("/api/privacy/erase", { token })).status).toBe(200);
    expect((await postJson("/api/privacy/erase", { token })).status).toBe(400);
    expect((await postJson("/api/privacy/export", { token })).status).toBe(400);
    const confirmation = await deliverPending();
    expect(confirmation.map((message) => [message.to, message.subject])).toEqual([
      [known, "We erased what FACETS held about you"],
    ]);
    const everything = await everythingInD1();
    expect(everything).not.toContain(known);
    expect(everything).not.toContain(unknown);
    expect(await everythingInKv()).not.toContain(known);

    // A pending registration is reached the same way, and erased with its account.
    await postJson("/api/privacy/request", { email: pending });
    const [pendingLink] = await deliverPending();
    const pendingToken = tokenFrom(linksOf(pendingLink as never), "/privacy/request");
    const pendingData = (await (
      await postJson("/api/privacy/export", { token: pendingToken })
    ).json()) as PersonalData;
    expect(pendingData.account).toMatchObject({ email: pending, status: "pending" });
    expect(pendingData.account).not.toHaveProperty("password");
    expect((await postJson("/api/privacy/erase", { token: pendingToken })).status).toBe(200);
    await deliverPending();
    expect(await everythingInD1()).not.toContain(pending);
  });

  it("serves only addresses without a usable account: an active account is told to use /account", async () => {
    // Accounts that cannot sign in: pending, rejected, deactivated. Each gets a link.
    const unusable = {
      pending: "",
      rejected: "UPDATE users SET rejected_at = unixepoch() WHERE email = ?",
      deactivated:
        "UPDATE users SET is_approved = 1, approved_at = unixepoch(), is_active = 0 WHERE email = ?",
    };
    for (const [state, update] of Object.entries(unusable)) {
      const email = uniqueEmail(state);
      await registerViaApi(email);
      if (update) await env.DB.prepare(update).bind(email).run();
      await deliverPending();
      expect((await postJson("/api/privacy/request", { email })).status).toBe(202);
      const [link] = await deliverPending();
      expect(link?.to, state).toBe(email);
      const token = tokenFrom(linksOf(link as never), "/privacy/request");
      const data = (await (await postJson("/api/privacy/export", { token })).json()) as PersonalData;
      expect(data.account, state).toMatchObject({ email, status: state });
    }

    // An approved, active account (with an authenticator app, like the review's member): the request
    // answers exactly as for an address we know nothing of, and the email has no link that exports or erases.
    const member = uniqueEmail("protected");
    await registerViaApi(member);
    await approve(member);
    await enrolAuthenticator(member);
    await deliverPending();
    const [forMember, forStranger] = await Promise.all(
      [member, uniqueEmail("nobody")].map(async (email) => {
        const response = await postJson("/api/privacy/request", { email });
        return [response.status, await response.text()];
      }),
    );
    expect(forMember).toEqual([202, expect.any(String)]);
    expect(forStranger).toEqual(forMember);
    const sent = await deliverPending();
    expect(sent.map((message) => [message.to, message.subject])).toEqual([
      [member, "What FACETS holds about you"],
    ]);
    const [pointer] = sent;
    expect(String(pointer?.text)).toContain("sign in");
    expect(String(pointer?.text)).toContain("My account");
    const links = linksOf(pointer as never).map((href) => new URL(href));
    expect(links.map((url) => url.pathname)).toContain("/account");
    for (const url of links) {
      expect(url.pathname).not.toMatch(/^\/(privacy\/request|api\/)/);
      expect(url.searchParams.has("token")).toBe(false);
    }
    const stored = await env.DB.prepare("SELECT token_hash FROM privacy_requests WHERE email = ?")
      .bind(member)
      .all<{ token_hash: string | null }>();
    expect(stored.results).toEqual([{ token_hash: null }]);
  });

  it("stops a link sent while the account could not sign in once it can, and again when it cannot", async () => {
    const email = uniqueEmail("approved-later");
    await registerViaApi(email);
    await deliverPending();
    await postJson("/api/privacy/request", { email });
    const [link] = await deliverPending();
    const token = tokenFrom(linksOf(link as never), "/privacy/request");
    expect((await postJson("/api/privacy/export", { token })).status).toBe(200);

    await approve(email);
    const exported = await postJson("/api/privacy/export", { token });
    expect(exported.status).toBe(400);
    expect(((await exported.json()) as { error: string }).error).toContain("Sign in and use My account");
    expect((await postJson("/api/privacy/erase", { token })).status).toBe(400);
    // The page door: no buttons, the way to My account instead; its file and erase doors refuse too.
    const page = await fetchWorker(`/privacy/request?token=${token}`);
    const html = await page.text();
    expect(html).toContain("This address now has an active account");
    expect(html).not.toContain("Erase it");
    const file = await fetchWorker("/privacy/request/data.json", {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": freshIp() },
      body: new URLSearchParams({ token }),
    });
    expect(file.status).toBe(303);
    expect(file.headers.get("Content-Type") ?? "").not.toContain("json");
    const erase = await fetchWorker("/privacy/request", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": freshIp() },
      body: new URLSearchParams({ intent: "erase", token }),
    });
    expect(erase.status).toBe(400);
    const row = await env.DB.prepare("SELECT is_approved FROM users WHERE email = ?").bind(email).first();
    expect(row).toEqual({ is_approved: 1 });

    // Deactivated, the account cannot sign in: the link, still within its hour, serves the address again.
    await env.DB.prepare("UPDATE users SET is_active = 0 WHERE email = ?").bind(email).run();
    expect((await postJson("/api/privacy/export", { token })).status).toBe(200);
  });

  it("refuses a malformed address and a dead token with 400", async () => {
    expect((await postJson("/api/privacy/request", { email: "nope" })).status).toBe(400);
    expect((await postJson("/api/privacy/export", { token: "b".repeat(52) })).status).toBe(400);
    expect((await postJson("/api/privacy/erase", { token: 42 })).status).toBe(400);
  });
});
