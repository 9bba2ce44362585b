// The payment methods a token application may state (the spec's BTC, SOL and USDT; sections 1 and 9):
// the only values of `contact_submissions.payment_method` (its CHECK, `oneOfCheck` in db/schema/columns.ts),
// of the contact schema and of the form's radio buttons (docs/decisions/149).
//
// A module of its own, beside field-limits.ts rather than in it: the contact island and its schema share it,
// and in field-limits.ts it went into the chunk every island loads, the login island's included.
//
// This module imports nothing: drizzle-kit loads it with the schema, outside the app's build.

export const PAYMENT_METHODS = ["BTC", "SOL", "USDT"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
