import { describe, expect, it } from "vitest";
import { fetchPage, textOf } from "./support";
import { postJson } from "./support-accounts";
import { member } from "./support-credentials";
import { messagesApi, rawMail, receive, type ThreadAnswer } from "./support-threads";
import { anAdmin, one } from "./support-workbench";

// Who wrote a message is never in doubt (decision 174): sent signed in, it is the account's own; sent
// signed out with an account's address, it says so; an answer through the thread proves the address.

const contactFrom = async (email: string, cookie?: string) => {
  const sent = await postJson(
    "/api/contact",
    { firstName: "Ada", lastName: "Byron", email, userTypeId: 2, message: "Please change my payout wallet." },
    cookie ? { Cookie: cookie } : {},
  );
  expect(sent.status).toBe(201);
  return (await sent.json<{ id: number }>()).id;
};

describe("a message's sender", () => {
  it("is the account when signed in, 'not signed in' when an account's address was typed, proven by an answer", async () => {
    const admin = await anAdmin();
    const owner = await member("sender");
    const standingOf = async (id: number) =>
      (
        await (
          await messagesApi(admin.cookie, "GET", `/${id}`)
        ).json<ThreadAnswer & { message: { sender: string } }>()
      ).message.sender;

    const signedIn = await contactFrom(owner.email, owner.cookie);
    expect(await one("SELECT sender_id FROM contact_submissions WHERE id = ?", signedIn)).toEqual({
      sender_id: owner.id,
    });
    expect(await standingOf(signedIn)).toBe("account");

    const typed = await contactFrom(owner.email);
    expect(await one("SELECT sender_id FROM contact_submissions WHERE id = ?", typed)).toEqual({
      sender_id: null,
    });
    expect(await standingOf(typed)).toBe("typed");

    const visitor = await contactFrom(`visitor-${crypto.randomUUID()}@example.com`);
    expect(await standingOf(visitor)).toBe("visitor");
    const composer = textOf(
      (await fetchPage(`/admin/message?id=${visitor}`, { headers: { Cookie: admin.cookie } })).html,
    );
    expect(composer).toContain("Unproven address");
    const replied = await messagesApi(admin.cookie, "POST", `/${visitor}/reply`, { text: "Which wallet?" });
    expect(replied.status).toBe(201);
    const { replyAddress, message } = await (
      await messagesApi(admin.cookie, "GET", `/${visitor}`)
    ).json<ThreadAnswer>();
    const address = replyAddress ?? "";
    expect((await receive(rawMail(message.email, address, "Phantom."), message.email, address)).outcome).toBe(
      "stored",
    );
    expect(await standingOf(visitor)).toBe("proven");
    const proven = textOf(
      (await fetchPage(`/admin/message?id=${visitor}`, { headers: { Cookie: admin.cookie } })).html,
    );
    expect(proven).toContain("Phantom.");
    expect(proven).toContain("The sender answered from this address through the thread.");
    expect(proven).not.toContain("Unproven address");
  });
});
