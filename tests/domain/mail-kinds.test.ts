import { describe, expect, it } from "vitest";
import { PERSONAL_SUBJECTS } from "../../app/content/email-subjects";
import { MAIL_KINDS } from "../../app/emails/mail-kinds";
import { MAIL_EVENTS } from "../../app/server/mail/mail-events.server";
import { mailEvents } from "../../db/schema";

// The kinds of email and the events that send them, declared once: each kind sent by some event and saying
// why a person gets it, and every event the schema knows declared.

describe("mail kinds", () => {
  it("has every kind of email sent by some event, and every one says why a person gets it", () => {
    const sent = new Set(Object.values(MAIL_EVENTS).flatMap((declaration) => declaration.sends));
    expect([...sent].sort()).toEqual(Object.keys(MAIL_KINDS).sort());
    for (const { reason } of Object.values(MAIL_KINDS)) expect(reason).toMatch(/^\S.*\.$/);
  });

  it("gives every event that mails an account's owner a subject for the list under Your data", () => {
    const toOwners = Object.entries(MAIL_EVENTS)
      .filter(([, { sends }]) => sends.some((kind) => MAIL_KINDS[kind].to === "owner"))
      .map(([type]) => type);
    expect(toOwners.length).toBeGreaterThan(0);
    for (const type of toOwners) expect(Object.keys(PERSONAL_SUBJECTS)).toContain(type);
  });

  it("declares every event type the schema knows", () => {
    expect(Object.keys(MAIL_EVENTS).sort()).toEqual([...mailEvents.type.enumValues].sort());
  });
});
