import { describe, expect, it } from "vitest";
import { GREETINGS, messagePreview, PREVIEW_MAX } from "../../app/lib/message-preview";

// A row of the queue shows a message's substance (docs/decisions/176): the greetings a rush's letters open
// with are left out, in the languages it comes in, and nothing that merely starts like one.

const BODY = "I would like to buy 5,000 FCT with USDT.";

describe("a message's preview", () => {
  it("leaves out the greetings and salutations letters open with", () => {
    const openings = [
      "Hello,",
      "Hello!",
      "Hello",
      "hello.",
      "Hi team,",
      "Hi team",
      "Hi there!",
      "Hey,",
      "Dear FACETS DAO,",
      "Dear FACETS DAO team:",
      "Dear Sir/Madam,",
      "Dear Sir or Madam,",
      "Dear Mr. Okafor,",
      "Good morning,",
      "Good morning FACETS team,",
      "Good afternoon!",
      "To whom it may concern,",
      "To Whom It May Concern:",
      "Greetings,",
      "Greetings from Lagos!",
      "Hola,",
      "Hola equipo,",
      "Buenos días,",
      "Estimados señores:",
      "Bonjour,",
      "Bonjour à toute l'équipe,",
      "Madame, Monsieur,",
      "Olá,",
      "Bom dia,",
      "Prezados,",
      "Hallo,",
      "Sehr geehrte Damen und Herren,",
      "Guten Tag,",
      "Ciao a tutti,",
      "Buongiorno,",
      "Salam,",
      "Salam alaykum,",
      "Assalamu alaikum,",
      "Merhaba,",
      "Jambo!",
      "Habari,",
      "Sawubona,",
      "Здравствуйте,",
      "你好，",
      "Xin chào,",
    ];
    for (const opening of openings) {
      expect([opening, messagePreview(`${opening}\n\n${BODY}\nThanks.`)]).toEqual([
        opening,
        `${BODY} Thanks.`,
      ]);
      // On one line with the text, a greeting ends at its punctuation (or, bare, at itself).
      if (/[,:!.，]$/u.test(opening) || !opening.includes(" "))
        expect([opening, messagePreview(`${opening} ${BODY}`)]).toEqual([opening, BODY]);
    }
  });

  it("leaves out greetings after greetings and the courtesy that follows them", () => {
    expect(messagePreview(`Hello,\nDear FACETS DAO,\n\n${BODY}`)).toBe(BODY);
    expect(messagePreview(`Hi team,\nI hope this message finds you well.\n${BODY}`)).toBe(BODY);
    expect(messagePreview(`Good morning! How are you? ${BODY}`)).toBe(BODY);
    expect(messagePreview(`  \n\nHello FACETS team!\r\n${BODY}`)).toBe(BODY);
    expect(messagePreview(`Hello I want to buy tokens`)).toBe("I want to buy tokens");
  });

  it("keeps messages that only start like a greeting", () => {
    for (const text of [
      "Hiring a developer? We build websites cheap",
      "Hi-Tech Solutions offers SEO",
      "Dearest partner, invest now",
      "Oil and gas leads for sale",
      "Salamander pools listing",
      "Holanda is where we are based",
      "Cheap SEO services: rank #1 on Google",
      "Buy followers now!!!",
      "asdkjh qweoiu zxcmnb",
      "",
    ]) {
      expect(messagePreview(text)).toBe(text);
    }
  });

  it("shows a message that is only a greeting as it is", () => {
    expect(messagePreview("Hello")).toBe("Hello");
    expect(messagePreview("Hello,\n\nDear FACETS DAO,")).toBe("Hello, Dear FACETS DAO,");
    expect(messagePreview("   Hi   ")).toBe("Hi");
  });

  it("is one line, cut to its most, never half a character", () => {
    const long = `Hello,\n${"😀".repeat(PREVIEW_MAX + 50)}`;
    const preview = messagePreview(long);
    expect(Array.from(preview)).toHaveLength(PREVIEW_MAX);
    expect(preview).toBe("😀".repeat(PREVIEW_MAX));
    expect(messagePreview(`Hi,\nline one\n\nline two\ttab`)).toBe("line one line two tab");
  });

  it("declares each greeting once, in lower case", () => {
    expect(new Set(GREETINGS).size).toBe(GREETINGS.length);
    for (const greeting of GREETINGS) expect(greeting).toBe(greeting.toLowerCase());
  });
});
