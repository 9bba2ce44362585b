// Whether a message holds a link (docs/decisions/176): what the queue's "Links" filter reads, stored with
// each message as `has_link` when it arrives (threads/contact-messages.server.ts). Declared once as marks
// that SQL can say too: migration 0030 filled the column for the messages before it with the same marks
// (`LINK_SQL` below; a test runs it beside `hasLink`). Only ASCII letters are folded, as SQLite's lower().
//
// A link is any of:
// - "http://" or "https://" anywhere;
// - "www." before a letter or digit ("www.example.com");
// - a domain with a path: a letter or digit, ".", 2 to 6 letters, "/" ("example.com/path", "t.me/deals",
//   "bit.ly/x"). A bare domain without a path ("example.com") is not: every e-mail address has one.

/** The shortest and longest top-level domain a domain with a path is read with. */
const TLD = { shortest: 2, longest: 6 } as const;

const LINK = new RegExp(`https?://|www\\.[a-z0-9]|[a-z0-9]\\.[a-z]{${TLD.shortest},${TLD.longest}}/`);

/** The text with ASCII capitals made small, as SQLite's lower() makes them (and nothing else). */
const asciiLower = (text: string) => text.replace(/[A-Z]+/g, (capitals) => capitals.toLowerCase());

/** Whether the text holds a link, as the marks above read it. */
export function hasLink(text: string): boolean {
  return LINK.test(asciiLower(text));
}

/** The same marks as SQL over `lowered` (an expression that is a message's text through lower()). */
export function linkSql(lowered: string): string {
  const domains = Array.from(
    { length: TLD.longest - TLD.shortest + 1 },
    (_, i) => `${lowered} GLOB '*[a-z0-9].${"[a-z]".repeat(TLD.shortest + i)}/*'`,
  );
  return [
    `instr(${lowered}, 'http://') > 0`,
    `instr(${lowered}, 'https://') > 0`,
    `${lowered} GLOB '*www.[a-z0-9]*'`,
    ...domains,
  ].join(" OR ");
}
