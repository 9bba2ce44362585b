import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { apiFailure } from "../../app/server/http/json-api.server";
import {
  failureNotice,
  itsMessage,
  noticeText,
  OUTCOME_NOTICES,
} from "../../app/server/http/outcome-notices.server";
import type { Failure } from "../../app/server/outcome";

// Both doors say a failure in the words of one table (app/server/http/outcome-notices.server.ts): a page
// names only what it says differently, and "too many attempts" reads the same on every page and endpoint.

const failures: Failure[] = [
  { kind: "already-done" },
  { kind: "invalid", fieldErrors: { email: "Invalid email address" } },
  { kind: "invalid", fieldErrors: {}, message: "That address is taken." },
  { kind: "rate-limited", retryAfterSeconds: 60 },
  { kind: "unauthenticated" },
  { kind: "unauthenticated", message: "Wrong password." },
  { kind: "forbidden" },
  { kind: "forbidden", message: "Confirm it's you", reauthenticate: true },
  { kind: "not-found" },
  { kind: "conflict", message: "Already approved." },
];
const notice = fc.record({ title: fc.string(), description: fc.string() });

describe("a failure's notice", () => {
  it("is the table's for every kind a page does not name", () => {
    for (const failure of failures) expect(failureNotice(failure)).toEqual(OUTCOME_NOTICES[failure.kind]);
  });

  it("reads 'too many attempts' whatever a page says for everything else", () => {
    fc.assert(
      fc.property(notice, notice, (otherwise, invalid) => {
        const limited: Failure = { kind: "rate-limited", retryAfterSeconds: 5 };
        expect(failureNotice(limited, { otherwise, invalid })).toEqual(OUTCOME_NOTICES["rate-limited"]);
      }),
    );
  });

  it("is the page's own for a kind it names, then its `otherwise`, then the table's", () => {
    const own = { title: "Not erased", description: "Kept." };
    const otherwise = { title: "Error", description: "Something else." };
    expect(failureNotice({ kind: "conflict", message: "x" }, { conflict: own, otherwise })).toEqual(own);
    expect(failureNotice({ kind: "not-found" }, { conflict: own, otherwise })).toEqual(otherwise);
    expect(failureNotice({ kind: "not-found" }, { conflict: own })).toEqual(OUTCOME_NOTICES["not-found"]);
    // A function that says nothing leaves the outcome to `otherwise`.
    const says = { unauthenticated: itsMessage("Nothing removed"), otherwise };
    expect(failureNotice({ kind: "unauthenticated" }, says)).toEqual(otherwise);
    expect(failureNotice({ kind: "unauthenticated", message: "Wrong password." }, says)).toEqual({
      title: "Nothing removed",
      description: "Wrong password.",
      variant: "destructive",
    });
  });
});

describe("the JSON door", () => {
  it("answers a rate limit, a missing item and a signed-out caller in the pages' words", async () => {
    const limited = apiFailure({ kind: "rate-limited", retryAfterSeconds: 30 });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("Retry-After")).toBe("30");
    expect(await limited.json()).toEqual({ error: noticeText(OUTCOME_NOTICES["rate-limited"]) });
    expect(noticeText(OUTCOME_NOTICES["rate-limited"])).toBe(
      "Too many attempts. Please wait a minute and try again.",
    );
    expect(await apiFailure({ kind: "not-found" }).json()).toEqual({
      error: noticeText(OUTCOME_NOTICES["not-found"]),
    });
    expect(await apiFailure({ kind: "unauthenticated" }).json()).toEqual({
      error: noticeText(OUTCOME_NOTICES.unauthenticated),
    });
    // An endpoint's own words for a missing item stay its own.
    expect(await apiFailure({ kind: "not-found" }, { notFound: "No such user." }).json()).toEqual({
      error: "No such user.",
    });
  });
});
