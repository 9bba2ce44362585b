import { describe, expect, it } from "vitest";
import { ANSWER_MAX } from "../../app/lib/field-limits";
import { answerText, CUT_NOTE, htmlText } from "../../app/server/threads/answer-text";

// What of an answer by email goes into its thread (decision 174): the writer's own words.

describe("an answer's text", () => {
  it("stops at the history a mail client quotes, in the clients' words and languages", () => {
    const attributions = [
      "On Mon, 7 Dec 2026 at 10:00, FACETS <notifications@facets.example> wrote:",
      "On Mon, 7 Dec 2026 at 10:00, FACETS\n<notifications@facets.example> wrote:",
      "-----Original Message-----",
      "Le lun. 7 déc. 2026 à 10:00, FACETS a écrit :",
      "Am 07.12.2026 um 10:00 schrieb FACETS <notifications@facets.example>:",
      "From: FACETS <notifications@facets.example>\nSent: Monday, December 7, 2026 10:00",
    ];
    for (const attribution of attributions) {
      expect(answerText(`Yes, Solana.\r\n\r\n${attribution}\n> Which wallet?\n> Thanks`), attribution).toBe(
        "Yes, Solana.",
      );
    }
  });

  it("drops quoted lines and the signature, keeps the writer's lines and paragraphs", () => {
    expect(answerText("> quoted\nFirst line\n\n\n\nSecond paragraph\n-- \nJane Doe\nCEO")).toBe(
      "First line\n\nSecond paragraph",
    );
  });

  it("removes control characters and bidirectional overrides, and cuts what is too long, saying so", () => {
    expect(answerText("pay\u202eto\u0007 me\u0000")).toBe("payto me");
    const cut = answerText("x".repeat(ANSWER_MAX + 50));
    expect(cut.length).toBeLessThanOrEqual(ANSWER_MAX);
    expect(cut.endsWith(CUT_NOTE)).toBe(true);
  });

  it("reads an HTML-only mail as text, without its quote, script or tags", () => {
    const html =
      '<html><head><style>p{}</style></head><body><p>Yes &amp; <b>soon</b></p><div>Line&nbsp;2<br>Line 3</div><script>alert(1)</script><div class="gmail_quote">On … wrote:<blockquote>old</blockquote></div></body></html>';
    expect(answerText(htmlText(html))).toBe("Yes & soon\nLine 2\nLine 3");
  });
});
