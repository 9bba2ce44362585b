import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { islandPaths } from "../../app/lib/route-table";
import { fetchPage, fetchWorker } from "./support";
import { approve, freshIp, PASSWORD, registerViaApi, uniqueEmail } from "./support-accounts";

// Island pages (app/lib/islands.ts): rendered on the server with their islands marked and their props
// written in, one inline starter with the response's nonce, and nothing of React Router's client.

const islandsOf = (html: string) =>
  [...html.matchAll(/<div data-island="([^"]+)" data-island-props="([^"]*)"/g)].map(([, name, props]) => ({
    name,
    props: JSON.parse((props ?? "").replaceAll("&quot;", '"').replaceAll("&amp;", "&")) as unknown,
  }));

describe.each(islandPaths.map((path) => [path]))("%s", (path) => {
  it("ships its islands and one starter, and no router", async () => {
    const { response, html } = await fetchPage(path);
    const scripts = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts).toHaveLength(1);
    // The starter, minified at build (scripts/island-chunks.ts): no names, comments or line breaks of ours.
    expect(scripts[0]?.[2]).toMatch(/^\(function\(/);
    expect(scripts[0]?.[2]).not.toMatch(/\n|\/\*|startIslands/);
    // A visitor's page is held: the starter carries no nonce and is allowed by its hash.
    expect(scripts[0]?.[1]).toBe("");
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(scripts[0]?.[2] ?? ""));
    const hash = btoa(String.fromCharCode(...new Uint8Array(digest)));
    expect(response.headers.get("Content-Security-Policy")).toContain(`'sha256-${hash}'`);
    expect(html).not.toContain("modulepreload");
    expect(html).not.toContain("__reactRouterContext");
    expect(html).not.toMatch(/<link[^>]*\.js"/);
    expect(islandsOf(html).length).toBeGreaterThan(0);

    // Every chunk the starter names is in the build's static assets.
    const chunks = [...(scripts[0]?.[2] ?? "").matchAll(/[`"](\/assets\/islands\/[\w.-]+\.js)[`"]/g)].map(
      ([, file]) => file,
    );
    expect(chunks.length).toBeGreaterThan(0);
    for (const chunk of new Set(chunks)) {
      const asset = await env.ASSETS.fetch(`https://assets.invalid${chunk}`);
      expect(asset.status, chunk).toBe(200);
      await asset.body?.cancel();
    }
  });
});

it("writes each island's props into the page: the login tabs and forms, and the passkey button inside them", async () => {
  const { html } = await fetchPage("/login?tab=register&next=%2Faccount");
  expect(islandsOf(html)).toEqual([{ name: "login", props: { tab: "register", next: "/account" } }]);
  const login = await fetchPage("/login?next=%2Faccount");
  expect(islandsOf(login.html)).toEqual([
    { name: "login", props: { tab: "login", next: "/account" } },
    { name: "passkey-sign-in", props: { next: "/account" } },
  ]);
  const contact = await fetchPage("/contact?subject=gold-tokens");
  expect(islandsOf(contact.html)).toEqual([{ name: "contact", props: { subject: "gold tokens" } }]);
});

/** A form post as an island sends it: the same fields, asking for the answer as JSON. */
function islandPost(path: string, fields: Record<string, string>) {
  return fetchWorker(path, {
    method: "POST",
    redirect: "manual",
    headers: {
      Accept: "application/json",
      "Content-Type": "application/x-www-form-urlencoded",
      "CF-Connecting-IP": freshIp(),
    },
    body: new URLSearchParams(fields),
  });
}

describe("an island's form post", () => {
  const message = {
    firstName: "Ada",
    lastName: "Lovelace",
    email: "ada@example.com",
    userTypeId: "2",
    paymentMethod: "SOL",
    message: "Sent from an island.",
  };

  it("gets the page action's answer as JSON, with its status", async () => {
    const sent = await islandPost("/contact", message);
    expect(sent.status).toBe(201);
    expect(sent.headers.get("Content-Type")).toBe("application/json");
    expect(sent.headers.get("Cache-Control")).toBe("no-store");
    const body = await sent.json<{ toast: { title: string }; resetKey: number }>();
    expect(body.toast.title).toBe("Message Sent!");
    expect(typeof body.resetKey).toBe("number");
    const stored = await env.DB.prepare("SELECT count(*) AS n FROM contact_submissions WHERE message = ?")
      .bind(message.message)
      .first<{ n: number }>();
    expect(stored?.n).toBe(1);

    const invalid = await islandPost("/contact", { ...message, email: "not an address" });
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toMatchObject({
      toast: { title: "Error" },
      fieldErrors: { email: expect.any(String) },
      values: { email: "not an address" },
    });
  });

  it("gets the same failed login as the page, and a signed-in redirect as { redirect } with its cookies", async () => {
    const email = uniqueEmail("island");
    await registerViaApi(email);
    const pending = await islandPost("/login", { intent: "login", email, password: PASSWORD });
    expect(pending.status).toBe(401);
    expect(await pending.json()).toMatchObject({
      tab: "login",
      toast: { title: "Login Failed" },
      values: { email },
    });

    await approve(email);
    const signedIn = await islandPost("/login", {
      intent: "login",
      email,
      password: PASSWORD,
      next: "/account",
    });
    expect(signedIn.status).toBe(200);
    expect(await signedIn.json()).toEqual({ redirect: "/account" });
    const cookies = signedIn.headers.getSetCookie().map((cookie) => cookie.split("=")[0]);
    expect(cookies).toEqual(expect.arrayContaining(["session", "flash"]));
  });

  it("is a page, as ever, for a post that does not ask for JSON", async () => {
    const response = await fetchWorker("/contact", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": freshIp() },
      body: new URLSearchParams(message),
    });
    expect(response.status).toBe(201);
    expect(response.headers.get("Content-Type")).toContain("text/html");
    expect(await response.text()).toContain("Message Sent!");
  });
});
