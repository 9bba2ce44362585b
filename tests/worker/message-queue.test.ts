import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { fetchPage, fetchWorker, textOf } from "./support";
import { freshIp, signedInCookie, uniqueEmail, userIdOf } from "./support-accounts";
import { insertContact } from "./support-mail";
import { apiList, dashboardPost, entriesOf, stateOf } from "./support-queue";

// The workbench's queue of messages (docs/decisions/152-message-states-and-claims.md): states, claims,
// oldest first, the filters and their counts and keyset paging, each seen from the outside: statuses, the
// rows in D1, the audit entries and what the page shows. Bulk moves: bulk-moves.test.ts.

describe("the states of a message", () => {
  let admin: { cookie: string; email: string };
  let adminId: number;

  beforeAll(async () => {
    admin = await signedInCookie({ admin: true });
    adminId = await userIdOf(admin.email);
  });

  it("starts New, and moves to Waiting, Spam, New again and Done, each once, with who closed it", async () => {
    const { id } = await insertContact();
    expect(await stateOf(id)).toMatchObject({ state: "new", is_processed: 0 });
    const post = (intent: string) =>
      dashboardPost(admin.cookie, [
        ["intent", intent],
        ["id", String(id)],
      ]);

    expect((await post("waiting")).status).toBe(200);
    expect(await stateOf(id)).toMatchObject({ state: "waiting", is_processed: 0, processed_by: null });
    expect((await post("spam")).status).toBe(200);
    expect(await stateOf(id)).toMatchObject({ state: "spam", is_processed: 1, processed_by: adminId });
    expect((await post("reopen")).status).toBe(200);
    expect(await stateOf(id)).toMatchObject({
      state: "new",
      is_processed: 0,
      processed_by: null,
      processed_at: null,
    });
    const done = await post("process");
    expect(done.status).toBe(200);
    expect(textOf(await done.text())).toContain("Contact has been marked as processed.");
    expect(await stateOf(id)).toMatchObject({ state: "done", is_processed: 1, processed_by: adminId });
    expect((await post("process")).status).toBe(200);

    for (const action of ["contact-waiting", "contact-spam", "contact-reopened", "contact-processed"]) {
      expect(await entriesOf(action, [id]), action).toEqual([{ subject_id: id, actor_id: adminId }]);
    }
  });

  it("answers the JSON endpoints of the states and the claim, and 404 for a message that is not there", async () => {
    const { id } = await insertContact();
    const post = (name: string, target = id) =>
      fetchWorker(`/api/admin/${name}/${target}`, { method: "POST", headers: { Cookie: admin.cookie } });
    expect((await post("mark-contact-waiting")).status).toBe(200);
    expect((await post("claim-contact")).status).toBe(200);
    expect(await stateOf(id)).toMatchObject({ state: "waiting", claimed_by: adminId });
    expect((await post("mark-contact-spam")).status).toBe(200);
    expect((await post("reopen-contact")).status).toBe(200);
    expect((await post("release-contact")).status).toBe(200);
    expect(await stateOf(id)).toMatchObject({ state: "new", claimed_by: null });
    expect((await post("mark-contact-spam", 99_999_999)).status).toBe(404);
    expect((await post("claim-contact", 99_999_999)).status).toBe(404);
  });

  it("takes the row's buttons on the message's own page too", async () => {
    const { id } = await insertContact();
    const post = (intent: string) =>
      fetchWorker(`/admin/message?id=${id}`, {
        method: "POST",
        redirect: "manual",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          "CF-Connecting-IP": freshIp(),
          Cookie: admin.cookie,
        },
        body: new URLSearchParams({ intent, id: String(id) }),
      });
    const page = await fetchPage(`/admin/message?id=${id}`, { headers: { Cookie: admin.cookie } });
    expect(textOf(page.html)).toMatch(/Mark Processed.*Waiting.*Spam.*Take/);
    expect((await post("claim")).status).toBe(200);
    const done = await post("process");
    expect(done.status).toBe(200);
    expect(textOf(await done.text())).toContain("Contact has been marked as processed.");
    expect(await stateOf(id)).toMatchObject({ state: "done", claimed_by: adminId });
  });

  it("lets one administrator hold a message, shows who, and refuses a second one", async () => {
    const other = await signedInCookie({ admin: true });
    const { id, email } = await insertContact({ first_name: "Held" });
    const claim = (cookie: string) =>
      dashboardPost(cookie, [
        ["intent", "claim"],
        ["id", String(id)],
      ]);

    expect((await claim(admin.cookie)).status).toBe(200);
    expect((await claim(admin.cookie)).status).toBe(200);
    const refused = await claim(other.cookie);
    expect(refused.status).toBe(409);
    expect(textOf(await refused.text())).toMatch(/holds this message/);
    expect((await stateOf(id))?.claimed_by).toBe(adminId);
    expect(await entriesOf("contact-claimed", [id])).toHaveLength(1);

    const mine = await fetchPage(`/admin?tab=contacts&holder=me&q=${encodeURIComponent(email)}`, {
      headers: { Cookie: admin.cookie },
    });
    expect(textOf(mine.html)).toContain(email);
    const theirs = await fetchPage(`/admin?tab=contacts&holder=me&q=${encodeURIComponent(email)}`, {
      headers: { Cookie: other.cookie },
    });
    expect(textOf(theirs.html)).not.toContain(email);

    expect(
      (
        await dashboardPost(other.cookie, [
          ["intent", "release"],
          ["id", String(id)],
        ])
      ).status,
    ).toBe(200);
    expect((await stateOf(id))?.claimed_by).toBeNull();
    expect(await entriesOf("contact-released", [id])).toHaveLength(1);
  });
});

describe("the list of messages", () => {
  let admin: { cookie: string; email: string };
  const marker = `queue${Date.now().toString(36)}`;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    admin = await signedInCookie({ admin: true });
    const day = (iso: string) => Math.floor(Date.parse(iso) / 1000);
    const rows: [string, Record<string, string | number>][] = [
      ["oldest", { created_at: day("2026-01-02T10:00:00Z"), user_type_id: 2, payment_method: "USDT" }],
      ["middle", { created_at: day("2026-01-05T10:00:00Z"), user_type_id: 2, payment_method: "BTC" }],
      ["newest", { created_at: day("2026-01-09T10:00:00Z"), user_type_id: 4 }],
      ["waiting", { created_at: day("2026-01-03T10:00:00Z"), user_type_id: 4, state: "waiting" }],
      ["done", { created_at: day("2026-01-04T10:00:00Z"), user_type_id: 2, state: "done", is_processed: 1 }],
      ["spam", { created_at: day("2026-01-06T10:00:00Z"), user_type_id: 9, state: "spam", is_processed: 1 }],
    ];
    for (const [name, facts] of rows) {
      ids[name] = (await insertContact({ ...facts, email: uniqueEmail(`${marker}-${name}`) })).id;
    }
  });

  const names = (items: { id: number }[]) =>
    items.map((item) => Object.entries(ids).find(([, id]) => id === item.id)?.[0] ?? "other");

  it("lists the open messages oldest first, and each state on its own", async () => {
    expect(names((await apiList(admin.cookie, `?q=${marker}`)).items)).toEqual([
      "oldest",
      "waiting",
      "middle",
      "newest",
    ]);
    expect(names((await apiList(admin.cookie, `?q=${marker}&state=waiting`)).items)).toEqual(["waiting"]);
    expect(names((await apiList(admin.cookie, `?q=${marker}&state=spam`)).items)).toEqual(["spam"]);
    expect(names((await apiList(admin.cookie, `?q=${marker}&processed=true`)).items)).toEqual(["done"]);
  });

  it("narrows by area, payment method and the days received, either end included", async () => {
    const list = async (query: string) => names((await apiList(admin.cookie, `?q=${marker}${query}`)).items);
    expect(await list("&area=4")).toEqual(["waiting", "newest"]);
    expect(await list("&payment=BTC")).toEqual(["middle"]);
    expect(await list("&from=2026-01-03&to=2026-01-05")).toEqual(["waiting", "middle"]);
    expect(await list("&from=2026-01-09")).toEqual(["newest"]);
    expect(await list("&to=2026-01-02")).toEqual(["oldest"]);
    // A day that is no day is no bound.
    expect(await list("&from=2026-02-30&to=yesterday")).toEqual(["oldest", "waiting", "middle", "newest"]);
  });

  it("shows the counts beside each filter, under the other filters; under a text when asked", async () => {
    const plain = await fetchPage(`/admin?tab=contacts&q=${marker}&area=2`, {
      headers: { Cookie: admin.cookie },
    });
    expect(textOf(plain.html)).toContain("No counts under a text. Show counts");
    expect(textOf(plain.html)).not.toMatch(/Open \(\s*2/);
    const { html } = await fetchPage(`/admin?tab=contacts&q=${marker}&area=2&facets=1`, {
      headers: { Cookie: admin.cookie },
    });
    const text = textOf(html).replace(/\(\s*/g, "(").replace(/\s*\)/g, ")");
    expect(text).not.toContain("Show counts");
    expect(text).toContain("Open (2)");
    expect(text).toContain("New (2)");
    expect(text).toContain("Waiting on the applicant (0)");
    expect(text).toContain("Done (1)");
    expect(text).toContain("Spam (0)");
    expect(text).toContain("FACETS token enquiry (2)");
    expect(text).toContain("Licensing opportunities (2)");
    expect(text).toContain("USDT (1)");
    expect(text).toContain("BTC (1)");
    expect(text).toMatch(/\b\d+ d\b/);
  });

  it("pages by keyset: each message once, none missed, when many share a second", async () => {
    const tied = `tied${Date.now().toString(36)}`;
    const at = Math.floor(Date.parse("2025-06-01T00:00:00Z") / 1000);
    await env.DB.batch(
      Array.from({ length: 123 }, (_, i) =>
        env.DB.prepare(
          "INSERT INTO contact_submissions (first_name, last_name, email, message, user_type_id, created_at) VALUES ('Tied', 'Row', ?, 'hello', 2, ?)",
        ).bind(`${tied}-${i}@example.com`, at + (i % 3)),
      ),
    );
    const seen: number[] = [];
    let query = `?q=${tied}`;
    for (let page = 0; page < 5; page += 1) {
      const { items, next, total } = await apiList(admin.cookie, query);
      expect(total).toBe(123);
      seen.push(...items.map((item) => item.id));
      if (!next) break;
      query = decodeURIComponent(/<\/api\/admin\/contacts(\?[^>]*)>; rel="next"/.exec(next)?.[1] ?? "");
    }
    expect(seen).toHaveLength(123);
    expect(new Set(seen).size).toBe(123);
  });
});
