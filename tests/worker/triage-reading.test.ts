import { describe, expect, it } from "vitest";
import { fetchPage, textOf } from "./support";
import { postForm, postJson } from "./support-accounts";
import { contact } from "./support-contact";
import { insertContact } from "./support-mail";
import { anAdmin, keyOf, one } from "./support-workbench";

// Reading a rush (docs/decisions/176): the list shows each message's substance, a message opened from a
// list knows it (Previous, Next, "Send and next", a Back that keeps its filters and page), and the Links
// filter lists what arrived with a link. Without JavaScript: links and forms alone.

const hrefs = (html: string, rel: string) =>
  [
    ...html.matchAll(
      new RegExp(`<a[^>]*rel="${rel}"[^>]*href="([^"]*)"|<a[^>]*href="([^"]*)"[^>]*rel="${rel}"`, "g"),
    ),
  ].map((match) => (match[1] ?? match[2] ?? "").replaceAll("&amp;", "&"));
const backLink = (html: string) =>
  (/<a[^>]*href="([^"]*)"[^>]*>Back to Contact Submissions/.exec(html)?.[1] ?? "").replaceAll("&amp;", "&");

/** Three open messages of one word, a minute apart, oldest first: a list of their own. */
async function aList(word: string) {
  const ids: number[] = [];
  for (const n of [1, 2, 3]) {
    const row = await insertContact({
      message: `Hello,\nDear FACETS DAO,\n\n${word} applicant ${n} wants 500 FCT.`,
      created_at: Math.floor(Date.UTC(2026, 5, 1, 12, n)) / 1000,
    });
    ids.push(row.id);
  }
  return ids;
}

describe("reading a list of messages", () => {
  it("shows each message's substance, and opens it knowing the list's filters and page", async () => {
    const { cookie } = await anAdmin();
    const [first] = await aList("readzqa");
    const { html } = await fetchPage("/admin?tab=contacts&q=readzqa&link=no", {
      headers: { Cookie: cookie },
    });
    expect(html).toMatch(
      /<summary[^>]*title="readzqa applicant 1 wants 500 FCT\."[^>]*>readzqa applicant 1 wants/,
    );
    expect(html).not.toMatch(/<summary[^>]*>Hello,/);
    const back = encodeURIComponent("q=readzqa&link=no").replaceAll("%20", "+");
    expect(html).toContain(`/admin/message?id=${first}&amp;back=${back}`);
  });

  it("offers Previous and Next in the list's order, and Back to its filters and page", async () => {
    const { cookie } = await anAdmin();
    const [first, second, third] = await aList("readzqb");
    const back = new URLSearchParams({ back: "q=readzqb&after=1780315260.1&link=no" });
    const middle = await fetchPage(`/admin/message?id=${second}&${back}`, { headers: { Cookie: cookie } });
    expect(middle.status).toBe(200);
    const carried = "back=q%3Dreadzqb%26link%3Dno%26after%3D1780315260.1";
    expect(hrefs(middle.html, "prev")).toEqual([`/admin/message?id=${first}&${carried}`]);
    expect(hrefs(middle.html, "next")).toEqual([`/admin/message?id=${third}&${carried}`]);
    expect(backLink(middle.html)).toBe("/admin?tab=contacts&q=readzqb&link=no&after=1780315260.1");
    const last = await fetchPage(`/admin/message?id=${third}&${back}`, { headers: { Cookie: cookie } });
    expect(hrefs(last.html, "next")).toEqual([]);
    expect(hrefs(last.html, "prev")).toHaveLength(1);
    // Done messages are listed newest first: their Next is the older one.
    await one(
      "UPDATE contact_submissions SET state = 'done', is_processed = 1 WHERE id IN (?, ?)",
      first,
      second,
    );
    const done = await fetchPage(
      `/admin/message?id=${second}&back=${encodeURIComponent("state=done&q=readzqb")}`,
      {
        headers: { Cookie: cookie },
      },
    );
    expect(hrefs(done.html, "next")).toEqual([`/admin/message?id=${first}&back=state%3Ddone%26q%3Dreadzqb`]);
    expect(hrefs(done.html, "prev")).toEqual([]);
  });

  it("reads a forged or hostile list back as the queue reads its own address, never failing", async () => {
    const { cookie } = await anAdmin();
    const [id] = await aList("readzqc");
    for (const forged of [
      "tab=users",
      "https://evil.example/",
      "%E0%A4%A",
      'q=-"&after=x',
      "q=--&state=nope",
      "\u0000",
    ]) {
      const page = await fetchPage(`/admin/message?id=${id}&back=${encodeURIComponent(forged)}`, {
        headers: { Cookie: cookie },
      });
      expect(page.status, forged).toBe(200);
      expect(backLink(page.html), forged).toMatch(/^\/admin\?tab=contacts(&|$)/);
    }
  });

  it("sends a reply and opens the next message of the list: Send and next", async () => {
    const admin = await anAdmin();
    const [first, second] = await aList("readzqd");
    const back = "q=readzqd";
    const path = `/admin/message?id=${first}&back=${encodeURIComponent(back)}`;
    const key = keyOf((await fetchPage(path, { headers: { Cookie: admin.cookie } })).html);
    const form = { intent: "reply", id: String(first), key, body: "Thanks, noted.", back, go: "next" };
    const sent = await postForm(path, form, admin.cookie);
    expect(sent.status).toBe(302);
    expect(sent.headers.get("Location")).toBe(`/admin/message?id=${second}&back=q%3Dreadzqd`);
    expect(sent.headers.get("Set-Cookie")).toContain("Reply%20sent");
    const moved = await one<{ state: string; n: number }>(
      "SELECT state, (SELECT count(*) FROM message_replies WHERE contact_id = ?1) AS n FROM contact_submissions WHERE id = ?1",
      first,
    );
    expect(moved).toEqual({ state: "waiting", n: 1 });
    // The list's last message: back to the list.
    const [, , third] = await aList("readzqe");
    const lastPath = `/admin/message?id=${third}&back=q%3Dreadzqe`;
    const lastKey = keyOf((await fetchPage(lastPath, { headers: { Cookie: admin.cookie } })).html);
    const ended = await postForm(
      lastPath,
      { intent: "reply", id: String(third), key: lastKey, body: "Thanks.", back: "q=readzqe", go: "next" },
      admin.cookie,
    );
    expect(ended.headers.get("Location")).toBe("/admin?tab=contacts&q=readzqe");
  });

  it("stores whether a message arrived with a link, and the Links filter lists it", async () => {
    const { cookie } = await anAdmin();
    const linked = contact({ message: "Readzqf listing offer: https://listing.example/apply" });
    const plain = contact({ message: "Readzqf application for 500 FCT" });
    for (const body of [linked, plain]) expect((await postJson("/api/contact", body)).status).toBe(201);
    const stored = await one<{ has_link: number }>(
      "SELECT has_link FROM contact_submissions WHERE email = ?",
      linked.email,
    );
    expect(stored?.has_link).toBe(1);
    const yes = textOf(
      (await fetchPage("/admin?tab=contacts&q=readzqf&link=yes", { headers: { Cookie: cookie } })).html,
    );
    expect(yes).toContain("listing offer");
    expect(yes).not.toContain("application for 500 FCT");
    const no = textOf(
      (await fetchPage("/admin?tab=contacts&q=readzqf&link=no", { headers: { Cookie: cookie } })).html,
    );
    expect(no).toContain("application for 500 FCT");
    expect(no).not.toContain("listing offer");
  });
});
