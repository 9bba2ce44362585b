import { env } from "cloudflare:test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchPage, fetchWorker, textOf } from "./support";
import { postForm, signedInCookie } from "./support-accounts";
import { stale } from "./support-confirm-its-you";

// The Content tab (/admin/content) as a browser without JavaScript uses it: every action a form post, the
// list's edits shown again unsaved, a draft saved, refused with its field errors and typed values kept,
// published, rolled back, and publishing held for "Confirm it's you".

let admin = { email: "", cookie: "" };

/** A document as the tab's form posts it: every value named by its path ("articles.2.url"). */
function formFields(value: unknown, path = "", into: Record<string, string> = {}): Record<string, string> {
  if (Array.isArray(value) && value.every((item) => typeof item !== "object")) into[path] = value.join("\n");
  else if (Array.isArray(value))
    for (const [index, item] of value.entries()) formFields(item, `${path}.${index}`, into);
  else if (typeof value === "object" && value !== null)
    for (const [key, inner] of Object.entries(value)) formFields(inner, path ? `${path}.${key}` : key, into);
  else into[path] = String(value);
  return into;
}

async function mediaDocument() {
  const response = await fetchWorker("/api/admin/content/media", { headers: { Cookie: admin.cookie } });
  return response.json<{ revision: number; data: { articles: Record<string, string>[] } }>();
}

const visitorText = async (path: string) => textOf(await (await fetchWorker(path)).text());

beforeAll(async () => {
  admin = await signedInCookie({ admin: true });
});

afterAll(async () => {
  await postForm(
    "/admin/content?doc=media",
    { intent: "roll-back-content", doc: "media", version: "1" },
    admin.cookie,
  );
});

describe("the Content tab without JavaScript", () => {
  it("lists the documents as a tab of the dashboard, to administrators only", async () => {
    const { status, html } = await fetchPage("/admin/content", { headers: { Cookie: admin.cookie } });
    expect(status).toBe(200);
    for (const title of ["Token tranches", "Media articles", "Pilot sites"])
      expect(textOf(html)).toContain(title);
    expect(html).toMatch(
      /<a[^>]*aria-current="page"[^>]*href="\/admin\/content"|<a[^>]*href="\/admin\/content"[^>]*aria-current="page"/,
    );
    const member = await signedInCookie();
    const refused = await fetchWorker("/admin/content", {
      headers: { Cookie: member.cookie },
      redirect: "manual",
    });
    expect(refused.status).toBeGreaterThanOrEqual(300);
    expect(refused.status).not.toBe(200);
  });

  it("adds, moves and removes an article in the form, saving nothing until Save", async () => {
    const { revision, data } = await mediaDocument();
    const fields = { doc: "media", baseRevision: String(revision), ...formFields(data) };
    const added = await postForm(
      "/admin/content?doc=media",
      { ...fields, edit: "add:articles" },
      admin.cookie,
    );
    expect(added.status).toBe(200);
    const html = await added.text();
    expect(textOf(html)).toContain("Article 7");
    expect(html).toContain('name="articles.6.title"');
    const moved = await postForm(
      "/admin/content?doc=media",
      { ...fields, edit: "down:articles.0" },
      admin.cookie,
    );
    const movedHtml = await moved.text();
    expect(movedHtml.indexOf(data.articles[1]?.title ?? "")).toBeLessThan(
      movedHtml.indexOf(data.articles[0]?.title ?? "-"),
    );
    const removed = await postForm(
      "/admin/content?doc=media",
      { ...fields, edit: "remove:articles.0" },
      admin.cookie,
    );
    const removedHtml = await removed.text();
    // The form holds no field of the removed article (the page's data for the browser still has the saved one).
    expect(removedHtml).not.toContain(`value="${data.articles[0]?.title}"`);
    expect(removedHtml).toContain(`value="${data.articles[1]?.title}"`);
    expect(textOf(removedHtml)).not.toContain("Article 6");
    expect((await mediaDocument()).revision).toBe(revision);
  });

  it("refuses a draft with a wrong address, saying so under the field and keeping what was typed", async () => {
    const { revision, data } = await mediaDocument();
    const fields = {
      intent: "save",
      doc: "media",
      baseRevision: String(revision),
      ...formFields(data),
      "articles.0.url": "http://insecure.example/a",
      "articles.0.title": "A title kept after the refusal",
    };
    const response = await postForm("/admin/content?doc=media", fields, admin.cookie);
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(textOf(html)).toContain("Address is an https: address");
    expect(html).toContain('value="A title kept after the refusal"');
    expect(html).toMatch(
      /id="field-articles-0-url"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*id="field-articles-0-url"/,
    );
    expect((await mediaDocument()).revision).toBe(revision);
  });

  it("saves a draft, publishes it for visitors, and rolls back", async () => {
    const { revision, data } = await mediaDocument();
    const fields = {
      doc: "media",
      baseRevision: String(revision),
      ...formFields(data),
      "articles.0.title": "Tab story",
    };
    const saved = await postForm("/admin/content?doc=media", { ...fields, intent: "save" }, admin.cookie);
    expect(saved.status).toBe(200);
    expect(textOf(await saved.text())).toContain("Draft saved");
    expect(await visitorText("/media")).not.toContain("Tab story");

    const published = await postForm(
      "/admin/content?doc=media",
      { intent: "publish-content", doc: "media", revision: String(revision + 1), at: "" },
      admin.cookie,
    );
    expect(published.status).toBe(200);
    expect(textOf(await published.text())).toContain("Published");
    expect(await visitorText("/media")).toContain("Tab story");

    const page = await fetchPage("/admin/content?doc=media", { headers: { Cookie: admin.cookie } });
    expect(textOf(page.html)).toContain("Roll back to version 1");
    const rolled = await postForm(
      "/admin/content?doc=media",
      { intent: "roll-back-content", doc: "media", version: "1" },
      admin.cookie,
    );
    expect(textOf(await rolled.text())).toContain("Rolled back");
    expect(await visitorText("/media")).not.toContain("Tab story");
  });

  it("sends a publish without a recent sign-in to Confirm it's you first", async () => {
    const confirming = await signedInCookie({ admin: true });
    await stale(confirming.email);
    const { revision } = await mediaDocument();
    const response = await postForm(
      "/admin/content?doc=media",
      { intent: "publish-content", doc: "media", revision: String(revision) },
      confirming.cookie,
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/confirm-its-you\?ref=/);
    const events = await env.DB.prepare(
      "SELECT count(*) AS n FROM content_versions WHERE published_by = (SELECT id FROM users WHERE email = ?)",
    )
      .bind(confirming.email)
      .first<{ n: number }>();
    expect(events?.n).toBe(0);
  });
});
