import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatDateTime } from "../../app/lib/format-date";

// The dashboard's dates are formatted by hand (no Intl on the client while it hydrates); they must read
// exactly as Intl's en-US format of spec section 2 would write them.
const intl = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZone: "UTC",
  timeZoneName: "short",
});

describe("formatDateTime", () => {
  it("writes what Intl's en-US short date and time in UTC writes", () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date("1970-01-01T00:00:00Z"),
          max: new Date("2200-12-31T23:59:59Z"),
          noInvalidDate: true,
        }),
        (date) => {
          expect(formatDateTime(date)).toBe(intl.format(date));
          expect(formatDateTime(date.toISOString())).toBe(intl.format(date));
          expect(formatDateTime(date.getTime())).toBe(intl.format(date));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("reads midnight and noon as 12", () => {
    expect(formatDateTime("2026-01-05T00:07:00Z")).toBe("Jan 5, 2026, 12:07 AM UTC");
    expect(formatDateTime("2026-12-31T12:00:59Z")).toBe("Dec 31, 2026, 12:00 PM UTC");
    expect(formatDateTime("2026-07-04T23:59:00Z")).toBe("Jul 4, 2026, 11:59 PM UTC");
  });

  it("says N/A for what is not a date", () => {
    for (const value of [null, undefined, "", "not a date", Number.NaN])
      expect(formatDateTime(value)).toBe("N/A");
  });
});
