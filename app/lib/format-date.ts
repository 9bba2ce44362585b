// Written by hand rather than with Intl.DateTimeFormat: the dashboard formats dates while it hydrates,
// and building that formatter (loading ICU's locale data) was the single longest piece of work on the
// page under a 4× slower CPU (docs/architecture.md). tests/domain/format-date.test.ts holds it equal to
// Intl's en-US output.

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** Short month, day, year, hour and minute (spec section 2), or 'N/A' when missing. In UTC, so server and browser agree. */
export function formatDateTime(value: Date | string | number | null | undefined): string {
  if (value === null || value === undefined || value === "") return "N/A";
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return "N/A";
  const hours = date.getUTCHours();
  const minutes = String(date.getUTCMinutes()).padStart(2, "0");
  const clock = `${hours % 12 || 12}:${minutes} ${hours < 12 ? "AM" : "PM"}`;
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}, ${clock} UTC`;
}
