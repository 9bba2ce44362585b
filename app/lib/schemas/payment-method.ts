import { z } from "zod/mini";
import { isTokenEnquiry } from "~/content/user-types";
import { PAYMENT_METHODS } from "../payment-methods";

// A token application's preferred payment method (decision 149), for the server's contact schema only: the
// island form's radio buttons can send nothing else, its bytes would count against the island's budget,
// and the server's field error reaches the island as any other does. A module of its own, so no island
// chunk carries it.

/**
 * Optional: absent or null is none; anything but one of PAYMENT_METHODS, exactly, is refused. Kept only
 * for a token enquiry: that is the domain's rule (`sendContactMessage`), so another area drops it.
 */
export const paymentMethod = z.optional(
  z.nullable(
    z.enum(PAYMENT_METHODS, `Preferred payment method must be one of ${PAYMENT_METHODS.join(", ")}`),
  ),
);

/** What the page's form asks of a token application that the spec's JSON payload may leave out. */
export const PAYMENT_METHOD_NEEDED = "Choose how you would like to pay: BTC, SOL or USDT";

/** A token application states its payment method: the contact page's rule (decision 174). */
export const paymentMethodStated = z.refine<{ userTypeId?: unknown; paymentMethod?: unknown }>(
  (value) => !isTokenEnquiry(value.userTypeId as number) || Boolean(value.paymentMethod),
  { path: ["paymentMethod"], message: PAYMENT_METHOD_NEEDED },
);
