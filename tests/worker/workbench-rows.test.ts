import { beforeAll, describe, expect, it } from "vitest";
import { fetchPage, textOf } from "./support";
import { registerViaApi, signedInCookie, uniqueEmail, userIdOf } from "./support-accounts";
import { insertContact } from "./support-mail";
import { dashboardPost, stateOf } from "./support-queue";

// What a row of the workbench's lists offers, as a browser without JavaScript gets it (issue 42's broken
// items): a bulk button pressed with nothing ticked says so, a row's Reply opens the reply form on the
// message's page, and the Search tab's hits open their own pages.

let cookie: string;

beforeAll(async () => {
  cookie = (await signedInCookie({ admin: true })).cookie;
});

/** The HTML of the row of the table that shows the record `id`. */
function rowOf(html: string, id: number): string {
  return html.match(new RegExp(`<tr[^>]*data-row="${id}"[\\s\\S]*?</tr>`))?.[0] ?? "";
}

/** What a person reads in the page's main part. */
async function mainText(response: Response): Promise<string> {
  const html = await response.text();
  return textOf(html.slice(html.indexOf("<main"), html.indexOf("</main>")));
}

/** The hrefs of the links in an HTML fragment, entities undone. */
function hrefsOf(html: string): string[] {
  return [...html.matchAll(/<a[^>]*href="([^"]*)"/g)].map((match) =>
    (match[1] ?? "").replaceAll("&amp;", "&"),
  );
}

describe("a bulk button pressed with nothing ticked", () => {
  it("answers 400 saying to tick a message, not that moving failed, and moves nothing", async () => {
    const { id } = await insertContact();
    const response = await dashboardPost(cookie, [
      ["intent", "bulk-move"],
      ["scope", "ticked"],
      ["move", "done"],
    ]);
    expect(response.status).toBe(400);
    const text = await mainText(response);
    expect(text).toContain("Nothing ticked");
    expect(text).toContain("Tick at least one message");
    expect(text).not.toContain("Failed to move");
    expect(text).not.toContain("Error");
    expect((await stateOf(id))?.state).toBe("new");
  });

  it("answers 400 saying to tick a registration on the Pending Users tab too", async () => {
    const response = await dashboardPost(
      cookie,
      [
        ["intent", "bulk-decide"],
        ["scope", "ticked"],
        ["decide", "approve"],
      ],
      "?tab=pending",
    );
    expect(response.status).toBe(400);
    const text = await mainText(response);
    expect(text).toContain("Nothing ticked");
    expect(text).toContain("Tick at least one person");
    expect(text).not.toContain("Failed to decide");
  });
});

describe("a message's row", () => {
  it("replies in the workbench first: Reply opens the message's reply form, the mail draft comes second", async () => {
    const marker = `rowreply${Date.now().toString(36)}`;
    const { id, email } = await insertContact({ email: uniqueEmail(marker), message: `About ${marker}` });
    const { status, html } = await fetchPage(`/admin?tab=contacts&q=${marker}`, {
      headers: { Cookie: cookie },
    });
    expect(status).toBe(200);
    const row = rowOf(html, id);
    const links = hrefsOf(row);
    // The message's page knows the list it was opened from (decision 176).
    const reply = links.indexOf(`/admin/message?id=${id}&back=q%3D${marker}#reply-body`);
    const mailto = links.findIndex(
      (href) => href.startsWith("mailto:") && href.includes(email.split("@")[0] ?? email),
    );
    expect(reply).toBeGreaterThanOrEqual(0);
    expect(mailto).toBeGreaterThan(reply);
  });
});

describe("the Search tab's hits", () => {
  it("opens a message hit on its page, and a person hit on theirs as well as their activity", async () => {
    const marker = `hitlinks${Date.now().toString(36)}`;
    const { id } = await insertContact({ last_name: marker, message: `About ${marker}` });
    const email = uniqueEmail(marker);
    expect((await registerViaApi(email, { lastName: marker })).status).toBe(201);
    const personId = await userIdOf(email);
    const { status, html } = await fetchPage(`/admin?tab=search&q=${marker}`, {
      headers: { Cookie: cookie },
    });
    expect(status).toBe(200);
    // Each section's rows by their own ids: a message and a person may share a number.
    const [messages = "", people = ""] = html.split('id="search-people-title"');
    expect(hrefsOf(rowOf(messages, id))).toContain(`/admin/message?id=${id}`);
    const person = hrefsOf(rowOf(people, personId));
    expect(person).toContain(`/admin/person?id=${personId}`);
    expect(person).toContain(`/admin?tab=activity&person=${personId}`);
  });
});
