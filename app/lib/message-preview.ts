// What a row of the queue shows of a message: its substance, the greetings and salutations it opens with
// left out (docs/decisions/176), so a rush whose letters all begin "Hello," or "Dear FACETS DAO," reads as
// two hundred different messages. Browser-safe, but made on the server for each row (the queue's page and
// the Search tab's hits carry `preview`), so the browser's bundle carries none of these words.

/**
 * The openings a letter greets with, lower case, in the languages the queue receives most. Each is
 * matched at the start of a line, as whole words, in any case; what follows it up to a comma, colon or
 * exclamation mark within a few words ("Dear FACETS DAO,", "Hi team!") is its addressee and goes with it.
 */
export const GREETINGS: readonly string[] = [
  // English
  "to whom it may concern",
  "dear sir or madam",
  "dear sir/madam",
  "good morning",
  "good afternoon",
  "good evening",
  "good day",
  "greetings",
  "salutations",
  "hello",
  "hi",
  "hey",
  "hiya",
  "howdy",
  "dear",
  // Spanish, Portuguese
  "buenos días",
  "buenos dias",
  "buenas tardes",
  "buenas noches",
  "estimados",
  "estimadas",
  "estimado",
  "estimada",
  "hola",
  "bom dia",
  "boa tarde",
  "boa noite",
  "prezados",
  "prezado",
  "prezada",
  "olá",
  "ola",
  "oi",
  // French, Italian
  "bonjour",
  "bonsoir",
  "salut",
  "chère",
  "chers",
  "cher",
  "madame, monsieur",
  "buongiorno",
  "buonasera",
  "gentile",
  "ciao",
  "salve",
  // German, Dutch, Scandinavian
  "sehr geehrte damen und herren",
  "sehr geehrte",
  "sehr geehrter",
  "guten tag",
  "guten morgen",
  "hallo",
  "liebe",
  "lieber",
  "moin",
  "goedemorgen",
  "goedemiddag",
  "beste",
  "hej",
  "hoi",
  // Arabic, Turkish, Swahili, Zulu, Hausa, Yoruba, Hindi, Russian, Chinese, Japanese, Korean, Vietnamese
  "assalamu alaikum",
  "assalamualaikum",
  "as-salamu alaykum",
  "salaam",
  "salam",
  "marhaba",
  "merhaba",
  "jambo",
  "habari",
  "sawubona",
  "sannu",
  "bawo",
  "namaste",
  "здравствуйте",
  "привет",
  "你好",
  "您好",
  "こんにちは",
  "안녕하세요",
  "xin chào",
];

/** Whole sentences of courtesy a letter opens with after its greeting, left out too. */
export const PLEASANTRIES: readonly string[] = [
  "i hope this message finds you well",
  "i hope this email finds you well",
  "i hope this finds you well",
  "hope this message finds you well",
  "hope this email finds you well",
  "hope this finds you well",
  "i hope you are well",
  "hope you are well",
  "i hope you are doing well",
  "hope you are doing well",
  "how are you",
];

/** How long a preview can be: the row cuts it to its width anyway. */
export const PREVIEW_MAX = 300;

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
const alternatives = (phrases: readonly string[]) =>
  [...phrases]
    .sort((a, b) => b.length - a.length)
    .map((phrase) => literal(phrase).replace(/ /g, "\\s+"))
    .join("|");

// A greeting, then at most four words of addressee ended by , : ! . or the line's end ("Dear FACETS DAO,",
// "Hi team"); else the greeting alone before other words ("Hello I want…"). A greeting ends where no
// letter, digit, apostrophe or hyphen follows ("Hiring", "Hi-Tech" are no greetings).
const END = "(?![\\p{L}\\p{N}'’-])";
const PUNCT = "[,:;!.\\u3001\\u3002\\uff0c\\uff01—–-]";
const WORD = "(?:(?:mr|mrs|ms|dr|prof|sr|sra)\\.|[^\\s,:;!.\\u3001\\u3002\\uff0c\\uff01]+)";
const LINE_END = "(?=\\n|$)";
const GREETING = new RegExp(
  `^(?:${alternatives(GREETINGS)})${END}(?:(?:[^\\S\\n]+${WORD}){0,4}[^\\S\\n]*(?:${PUNCT}+|${LINE_END})|)`,
  "iu",
);
const PLEASANTRY = new RegExp(`^(?:${alternatives(PLEASANTRIES)})${END}[^\\S\\n]*[.!?,]*`, "iu");

const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

/** The text with its opening greetings and pleasantries left out, each line's start tried in turn. */
function substanceOf(message: string): string {
  let rest = message.trimStart();
  for (let step = 0; step < 8; step += 1) {
    const found = GREETING.exec(rest) ?? PLEASANTRY.exec(rest);
    if (!found || found[0].length === 0) break;
    rest = rest.slice(found[0].length).trimStart();
  }
  return rest;
}

/**
 * A message's substance on one line, at most PREVIEW_MAX characters: greetings, salutations and
 * pleasantries at its start left out. A message that is nothing else shows itself.
 */
export function messagePreview(message: string): string {
  const substance = oneLine(substanceOf(message));
  const shown = substance === "" ? oneLine(message) : substance;
  return Array.from(shown).slice(0, PREVIEW_MAX).join("");
}
