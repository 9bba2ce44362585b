import { env } from "cloudflare:test";
import { approve, registerViaApi, uniqueEmail } from "./support-accounts";

// What the second-factor suites share (authenticator-sign-in, admin-second-factor-required,
// confirm-its-you-interrupts and admin-sign-in-powers .test.ts): an approved account, and the audit entries
// about a person.

export async function account(options: { admin?: boolean } = {}) {
  const email = uniqueEmail(options.admin ? "admin" : "member");
  await registerViaApi(email);
  await approve(email, options.admin);
  return email;
}

export async function events(subjectId: number, action: string) {
  const { results } = await env.DB.prepare(
    "SELECT action, outcome, actor_id FROM account_events WHERE subject_id = ? AND action = ? ORDER BY id",
  )
    .bind(subjectId, action)
    .all<{ action: string; outcome: string; actor_id: number }>();
  return results;
}
