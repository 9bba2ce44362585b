// What happens after a message is sent (decision 174): shown on the page that thanks the sender and in the
// acknowledgement email, in plain words.

export const NEXT_STEPS_HEADING = "What happens next";

export const NEXT_STEPS = [
  "A member of the FACETS team reads every message. For a token application we check the details you gave and the payment method you chose, then write back with the next step.",
  "We usually answer within two working days.",
  "You can follow the conversation and answer on the site, or answer our email.",
  "FACETS never asks for your seed phrase, recovery phrase or private key. Never send them to anyone, whoever asks.",
] as const;
