import { describe, expect, it } from "vitest";
import { PAGE_ROUTES } from "../../app/lib/route-table";
import { fetchPage } from "./support";
import { signedInCookie } from "./support-accounts";

// Interactive pages paint before their JavaScript loads (app/lib/client-runtime.ts): the server holds
// React Router's client entry preload and module script inert, and the inline starter revives them; the
// other module preloads are dropped (the module script finds those modules itself).

// The router pages a member opens (the dashboard is an administrator's; island pages have no router).
const memberRouterPages = PAGE_ROUTES.filter(
  (entry) => entry.client === "router" && entry.layout !== "admin",
);

describe.each(memberRouterPages.map((entry) => [entry.path]))("%s", (path) => {
  it("holds its module script, and the client entry's preload, until after first paint", async () => {
    const { cookie } = await signedInCookie();
    const { response, html } = await fetchPage(path, { headers: { Cookie: cookie } });
    const nonce = /script-src 'nonce-([^']+)'/.exec(
      response.headers.get("Content-Security-Policy") ?? "",
    )?.[1];
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).not.toMatch(/<script[^>]*type="module"/);
    expect(html.match(/<link[^>]*\.js"/g)).toBeNull();
    const script =
      /<script nonce="([^"]+)" type="text\/x-after-paint" data-after-paint="" data-preload="(\/assets\/entry\.client-[\w-]+\.js)">([\s\S]*?)<\/script>/.exec(
        html,
      );
    expect(script?.[1]).toBe(nonce);
    expect(script?.[3]).toContain(`import("${script?.[2]}")`);
    expect(html).toContain(`<script nonce="${nonce}">(function startAfterFirstPaint(`);
  });
});

it("leaves pages without JavaScript alone", async () => {
  const { cookie } = await signedInCookie();
  const { html } = await fetchPage("/insure", { headers: { Cookie: cookie } });
  expect(html).not.toContain("data-after-paint");
  expect(html).not.toContain("startAfterFirstPaint");
});
