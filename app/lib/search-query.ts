// A person's search text as an FTS5 query that means its characters literally (docs/decisions/155): no
// operator a person types (AND, OR, NOT, NEAR, *, ^, :, -, +, parentheses, quotes) reaches FTS5's parser.
// Each word becomes one quoted string (inner quotes doubled), and the strings are joined by spaces, which
// FTS5 reads as AND: every word must occur, in any column, in any order. A word written `-word` leaves out
// the messages that hold it (docs/decisions/176): the one operator the box has, and it too reaches FTS5
// only as NOT before quoted strings. Words match parts of words, as the trigram index finds them (158).

/** The trigram tokenizer matches nothing shorter than three characters. */
export const MIN_TERM_LENGTH = 3;

/** How many words of a query count (the rest are ignored): 200 characters hold at most 67 of 3. */
const MAX_TERMS = 16;

// Control characters (NUL among them) are no part of any name or message anyone searches for.
// biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to remove them
const CONTROL = /[\u0000-\u001f\u007f]/g;

const length = (text: string) => Array.from(text).length;

/** Every word of a query: split on white space, control characters dropped, duplicates once. */
function allTerms(text: string): string[] {
  const words = text.replace(CONTROL, " ").split(/\s+/u).filter(Boolean);
  return [...new Set(words)].slice(0, MAX_TERMS);
}

/** The word a term `-word` leaves out, or null for a word to look for ("-" or "--" alone are words). */
function excludedWord(term: string): string | null {
  const word = term.replace(/^-+/u, "");
  return term.startsWith("-") && word !== "" ? word : null;
}

const long = (term: string) => length(term) >= MIN_TERM_LENGTH;
const quoted = (term: string) => `"${term.replaceAll('"', '""')}"`;

/** The words of a query to look for: split on white space, control characters dropped, duplicates once. */
export function searchTerms(text: string): string[] {
  return allTerms(text).filter((term) => excludedWord(term) === null);
}

/** The words of a query's `-word` terms that the index can match: the messages holding one are left out. */
export function excludedTerms(text: string): string[] {
  const words = allTerms(text).flatMap((term) => excludedWord(term) ?? []);
  return [...new Set(words)].filter(long);
}

/**
 * The FTS5 MATCH expression for a query, or null when no word to look for is long enough for the index
 * to match (every word under MIN_TERM_LENGTH characters). Short words beside long ones are left out: they
 * would match nothing, and so would the whole query. The excluded words follow as NOT (any of them).
 */
export function ftsMatch(text: string): string | null {
  const terms = searchTerms(text).filter(long);
  if (terms.length === 0) return null;
  const found = terms.map(quoted).join(" ");
  const excluded = ftsExcluded(text);
  return excluded === null ? found : `(${found}) NOT (${excluded})`;
}

/** The FTS5 MATCH expression of the messages a query leaves out (any excluded word), or null for none. */
export function ftsExcluded(text: string): string | null {
  const words = excludedTerms(text);
  return words.length === 0 ? null : words.map(quoted).join(" OR ");
}

/** The words too short for the index, as the page names them (an excluded one with its `-`). */
export function shortTerms(text: string): string[] {
  const short = allTerms(text).flatMap((term) => {
    const excluded = excludedWord(term);
    if (excluded === null) return length(term) < MIN_TERM_LENGTH ? [term] : [];
    return long(excluded) ? [] : [`-${excluded}`];
  });
  return [...new Set(short)];
}

/** Whether a query holds anything to look for or to leave out; else it is no query at all. */
export const searchesAnything = (text: string): boolean =>
  searchTerms(text).length > 0 || excludedTerms(text).length > 0;

/** How a page names the words a search left out. */
export const leftOutText = (words: readonly string[]): string =>
  `Left out, under ${MIN_TERM_LENGTH} characters: ${words.map((word) => `"${word}"`).join(", ")}.`;

/** How a page says it read short words alone: as whole names or companies (docs/decisions/160). */
export const NAMES_NOTE = `Under ${MIN_TERM_LENGTH} characters, each word is matched as a whole first name, last name or company.`;

/** What a list says of how it read a text: the words it left out, or that short words alone are names. */
export function textNote(query: string | null): string | null {
  if (query === null) return null;
  const names = ftsMatch(query) === null && searchTerms(query).length > 0;
  const words = shortTerms(query).filter((word) => !names || word.startsWith("-"));
  const left = words.length > 0 ? leftOutText(words) : null;
  if (names) return left ? `${NAMES_NOTE} ${left}` : NAMES_NOTE;
  return left;
}
