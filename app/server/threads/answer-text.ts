import { ANSWER_MAX } from "~/lib/field-limits";

// What of an answer by email goes into a thread: its own words, without the history a mail client quotes
// below them or the signature after "-- ", as plain text with no control characters. Pure functions of the
// parsed mail (postal-mime gives the text part, or only the HTML one).

/** The lines where a client starts quoting what came before (its attribution or its separator). */
const QUOTE_STARTS = [
  /^on\b.{0,300}\bwrote:$/i, // Gmail, Apple Mail, Thunderbird
  /^-{2,}\s*original message\s*-{2,}$/i, // Outlook
  /^_{10,}$/, // Outlook's rule above its "From:" block
  /^le\b.{0,300}\ba écrit\s?:$/i,
  /^am\b.{0,300}\bschrieb\b.{0,300}:$/i,
  /^el\b.{0,300}\bescribió:$/i,
];

/** A block of forwarded headers ("From: … / Sent: …") that Outlook writes without an attribution. */
const HEADER_BLOCK = /^(from|von|de):\s.+$/i;
const HEADER_NEXT = /^(sent|date|gesendet|envoyé|enviado|to):\s/i;

// C0 and C1 controls but tab and line feed, and the bidirectional overrides that reorder what staff read.
// biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to remove them
const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

export const CUT_NOTE = "[The rest of this email was too long and was not kept.]";

/** The answer's own text: quotes, history and signature trimmed, at most ANSWER_MAX characters. */
export function answerText(text: string): string {
  const lines = text.replace(/\r\n?/g, "\n").replace(UNSAFE, "").split("\n");
  const kept: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = (lines[i] ?? "").trimEnd();
    const joined = `${line} ${(lines[i + 1] ?? "").trim()}`.trim();
    if (QUOTE_STARTS.some((start) => start.test(line.trim()) || start.test(joined))) break;
    if (HEADER_BLOCK.test(line.trim()) && HEADER_NEXT.test((lines[i + 1] ?? "").trim())) break;
    if (line === "--") break;
    if (line.trimStart().startsWith(">")) continue;
    kept.push(line);
  }
  const body = kept
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
  return body.length <= ANSWER_MAX
    ? body
    : `${body.slice(0, ANSWER_MAX - CUT_NOTE.length - 2)}\n\n${CUT_NOTE}`;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/**
 * The text of an HTML-only mail: what it quotes (a blockquote, Gmail's quote) dropped, breaks and blocks
 * as new lines, every tag removed, entities read. Never rendered: the result is only ever shown as text.
 */
export function htmlText(html: string): string {
  return html
    .replace(/<(style|script|head)\b[\s\S]*?<\/\1\s*>/gi, "")
    .replace(/<blockquote\b[\s\S]*<\/blockquote\s*>/gi, "")
    .replace(/<div\b[^>]*class="[^"]*gmail_quote[\s\S]*$/i, "")
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/<\/(p|div|li|tr|h[1-6])\s*>/gi, "\n")
    .replace(/<[^>]*>/g, "")
    .replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (entity, name: string) => {
      if (name[0] !== "#") return ENTITIES[name.toLowerCase()] ?? entity;
      const code =
        name[1] === "x" || name[1] === "X" ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : "";
    });
}
