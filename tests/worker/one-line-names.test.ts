import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { postJson, registerViaApi, uniqueEmail } from "./support-accounts";
import { call, member } from "./support-credentials";

// Names, company and phone are one line: line breaks and control characters are refused with a field error
// at every door (registration, the contact form, the account); a name in any script, with its joiners, is
// accepted. A company or phone with a line break would forge a line in the administrators' email.

describe("names", () => {
  it("refuse line breaks and control characters, with a field error, at every door", async () => {
    for (const name of [
      "Ada\nBcc: all@example.com",
      "Ada\rLovelace",
      "Ada\u0007",
      "Ada\u2028Lovelace",
      "Ada\u202Eecalevol",
    ]) {
      const registered = await registerViaApi(uniqueEmail("multi-line"), { firstName: name, lastName: name });
      expect(registered.status).toBe(400);
      const { fieldErrors } = await registered.json<{ fieldErrors: Record<string, string> }>();
      expect(fieldErrors.firstName).toBe(
        "First name must be one line, without line breaks or control characters",
      );
      expect(fieldErrors.lastName).toBe(
        "Last name must be one line, without line breaks or control characters",
      );
    }
    const contact = await postJson("/api/contact", {
      firstName: "Grace\nHopper",
      lastName: "Hopper",
      email: uniqueEmail("contact"),
      userTypeId: 2,
      message: "Two lines\nare fine here.",
    });
    expect(contact.status).toBe(400);
    const owner = await member("renamed");
    const renamed = await call("/api/account", owner.cookie, { firstName: "Ada\nLovelace" }, "PATCH");
    expect(renamed.status).toBe(400);
    expect(await env.DB.prepare("SELECT first_name FROM users WHERE id = ?").bind(owner.id).first()).toEqual({
      first_name: "Ada",
    });
    // A name in any script, with its joiners, is still one line.
    expect(
      (await registerViaApi(uniqueEmail("script"), { firstName: "می‌خواهم", lastName: "Zoë O'Brien-Ñúñez" }))
        .status,
    ).toBe(201);
  });

  it("holds company and phone to one line at the contact form, registration and the account", async () => {
    for (const [field, value] of [
      ["company", "Acme\nPayment method: BTC"],
      ["phone", "+1 555\r\nBcc: x"],
      ["company", "Acme\u2028Ltd"],
    ] as const) {
      const contact = await postJson("/api/contact", {
        firstName: "Grace",
        lastName: "Hopper",
        email: uniqueEmail("contact-line"),
        userTypeId: 2,
        message: "Hello",
        [field]: value,
      });
      expect(contact.status).toBe(400);
      const label = field === "company" ? "Company" : "Phone";
      const oneLine = `${label} must be one line, without line breaks or control characters`;
      expect((await contact.json<{ fieldErrors: Record<string, string> }>()).fieldErrors[field]).toBe(
        oneLine,
      );
      const registered = await registerViaApi(uniqueEmail("register-line"), { [field]: value });
      expect(registered.status).toBe(400);
      const owner = await member(`line-${field}`);
      expect((await call("/api/account", owner.cookie, { [field]: value }, "PATCH")).status).toBe(400);
    }
    const fine = await postJson("/api/contact", {
      firstName: "Grace",
      lastName: "Hopper",
      email: uniqueEmail("contact-line"),
      userTypeId: 2,
      message: "Hello",
      company: "Ünïcode & Co. (Zürich)",
      phone: "+41 44 000 00 00",
    });
    expect(fine.status).toBe(201);
  });
});
