import { env } from "cloudflare:test";
import { uniqueEmail } from "./support-accounts";

// A contact message as the form sends it, and how many are stored for an address (contact-messages,
// admin-actions and token-payment-method.test.ts).

export const contact = (overrides: Record<string, unknown> = {}) => ({
  firstName: "Grace",
  lastName: "Hopper",
  email: uniqueEmail("contact"),
  company: "Navy",
  phone: "+1 555 0100",
  userTypeId: 2,
  message: "I would like to buy tokens with SOL.",
  ...overrides,
});

export async function countContacts(email: string) {
  const row = await env.DB.prepare("SELECT count(*) AS n FROM contact_submissions WHERE email = ?")
    .bind(email)
    .first<{ n: number }>();
  return row?.n ?? 0;
}
