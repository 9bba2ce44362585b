import { describe, expect, it } from "vitest";
import {
  AUDIT_ACTION_NAMES,
  AUDIT_ACTIONS,
  namedSubject,
  ownEventLabel,
  subjectIsAccount,
} from "../../app/lib/audit-actions";

// The table of audited actions: every action a person can meet in their Activity reads as words, for both
// outcomes, and the Activity tab names a subject that is no one's account by what it is.

const own = { byAnother: false, onAnother: false };

describe("audited actions", () => {
  it("name every action in words, for it worked and for it failed", () => {
    for (const action of AUDIT_ACTION_NAMES) {
      const worked = ownEventLabel({ action, outcome: "success", ...own });
      const failed = ownEventLabel({ action, outcome: "failure", ...own });
      expect(worked, action).toBe(AUDIT_ACTIONS[action].labels[0]);
      expect(failed, action).toBe(AUDIT_ACTIONS[action].labels[1]);
      expect(worked.trim(), action).not.toBe("");
      expect(failed.trim(), action).not.toBe("");
      expect([worked, failed], action).not.toContain(action);
    }
  });

  it("say who else acted, or on whose account", () => {
    expect(
      ownEventLabel({ action: "user-approved", outcome: "success", byAnother: true, onAnother: false }),
    ).toBe("Account approved, by an administrator");
    expect(
      ownEventLabel({ action: "user-approved", outcome: "success", byAnother: false, onAnother: true }),
    ).toBe("Account approved (another person's account)");
    expect(ownEventLabel({ action: "no-such-action", outcome: "success", ...own })).toBe("no-such-action");
  });

  it("name a subject that is no one's account by what it is", () => {
    expect(namedSubject("contact-processed", 12)).toBe("Contact message 12");
    expect(namedSubject("audit-pruned", 40)).toBe("Entries through 40");
    expect(namedSubject("user-approved", 12)).toBeNull();
    expect(subjectIsAccount("user-approved")).toBe(true);
    expect(subjectIsAccount("contact-processed")).toBe(false);
    expect(subjectIsAccount("audit-pruned")).toBe(false);
  });
});
