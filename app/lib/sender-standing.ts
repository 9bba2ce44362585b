// Who wrote a contact message, as the workbench shows it on the list and on the message's page
// (decision 174): a person signed in to their account, a visitor who typed an account's address without
// signing in, an address proven by an answer through the thread's own address, or a visitor.

export const SENDER_STANDINGS = {
  account: { label: "Signed in", words: "Sent signed in, from this account." },
  typed: { label: "Not signed in", words: "not signed in: the sender typed this address" },
  proven: { label: "Address proven", words: "The sender answered from this address through the thread." },
  visitor: { label: "Visitor", words: "Sent by a visitor; nothing proves the address yet." },
} as const;

export type SenderStanding = keyof typeof SENDER_STANDINGS;
