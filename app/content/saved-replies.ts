// Saved replies for the answers staff give most often, declared once: the message page offers each by a
// link that fills the reply box (without JavaScript too), and staff edit it before sending. Plain text: it
// goes out as an email's body. Greetings and signatures come from the email itself.

export interface SavedReply {
  /** Its name in the address (`?saved=…`). */
  id: string;
  /** What the link says. */
  label: string;
  body: string;
}

export const SAVED_REPLIES = [
  {
    id: "pay-in-usdt",
    label: "How to pay in USDT",
    body: [
      "Thank you for your interest in the FACETS token.",
      "",
      "You can pay in USDT. Before you send anything, please wait for us to confirm your allocation and to send you the wallet address and the amount in a separate email; only ever use the address in that email. Please send USDT on the network that email names, and keep the transaction hash: reply to this email with it once you have paid, so we can match your payment.",
      "",
      "If anything is unclear, just reply to this email and we will help.",
    ].join("\n"),
  },
  {
    id: "more-about-you",
    label: "We need more about you",
    body: [
      "Thank you for your message.",
      "",
      "Before we can go further, we need to know a little more about you. Please reply to this email with:",
      "- your full name and the country you live in;",
      "- the company or organisation you represent, if any;",
      "- what you would like to do with FACETS, and roughly how much you have in mind, if this is about the token.",
      "",
      "We will come back to you as soon as we have read your answer.",
    ].join("\n"),
  },
  {
    id: "received-thanks",
    label: "Thanks, we are on it",
    body: [
      "Thank you for your message. We have read it and are looking into it; we will write again as soon as we have an answer for you.",
    ].join("\n"),
  },
] as const satisfies readonly SavedReply[];

/** The saved reply named `id`, or null for a name that is not one. */
export function savedReplyOf(id: string | null): SavedReply | null {
  return SAVED_REPLIES.find((reply) => reply.id === id) ?? null;
}
