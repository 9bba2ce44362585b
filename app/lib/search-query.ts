// A person's search text as an FTS5 query that means its characters literally (docs/decisions/155): no
// operator a person types (AND, OR, NOT, NEAR, *, ^, :, -, +, parentheses, quotes) reaches FTS5's parser.
// Each word becomes one quoted string (inner quotes doubled), and the strings are joined by spaces, which
// FTS5 reads as AND: every word must occur, in any column, in any order.

/** The trigram tokenizer matches nothing shorter than three characters. */
export const MIN_TERM_LENGTH = 3;

/** How many words of a query count (the rest are ignored): 200 characters hold at most 67 of 3. */
const MAX_TERMS = 16;

// Control characters (NUL among them) are no part of any name or message anyone searches for.
// biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to remove them
const CONTROL = /[\u0000-\u001f\u007f]/g;

const length = (text: string) => Array.from(text).length;

/** The words of a query: split on white space, control characters dropped, duplicates once. */
export function searchTerms(text: string): string[] {
  const words = text.replace(CONTROL, " ").split(/\s+/u).filter(Boolean);
  return [...new Set(words)].slice(0, MAX_TERMS);
}

/**
 * The FTS5 MATCH expression for a query, or null when no word is long enough for the index to match
 * (every word under MIN_TERM_LENGTH characters). Short words beside long ones are left out: they would
 * match nothing, and so would the whole query.
 */
export function ftsMatch(text: string): string | null {
  const terms = searchTerms(text).filter((term) => length(term) >= MIN_TERM_LENGTH);
  if (terms.length === 0) return null;
  return terms.map((term) => `"${term.replaceAll('"', '""')}"`).join(" ");
}

/** The words too short for the index, as the page names them. */
export function shortTerms(text: string): string[] {
  return searchTerms(text).filter((term) => length(term) < MIN_TERM_LENGTH);
}

/** How a page names the words a search left out. */
export const leftOutText = (words: readonly string[]): string =>
  `Left out, under ${MIN_TERM_LENGTH} characters: ${words.map((word) => `"${word}"`).join(", ")}.`;

/** How a page says it read short words alone: as whole names or companies (docs/decisions/160). */
export const NAMES_NOTE = `Under ${MIN_TERM_LENGTH} characters, each word is matched as a whole first name, last name or company.`;

/** What a list says of how it read a text: the words it left out, or that short words alone are names. */
export function textNote(query: string | null): string | null {
  if (query === null) return null;
  if (ftsMatch(query) === null) return NAMES_NOTE;
  const words = shortTerms(query);
  return words.length > 0 ? leftOutText(words) : null;
}
