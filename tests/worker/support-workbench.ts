import { env } from "cloudflare:test";
import { signedInCookie, userIdOf } from "./support-accounts";

// Reading D1 and signing in an administrator for the workbench's tests (workbench-message-page,
// workbench-replies, workbench-person-page and workbench-note-lifetimes.test.ts).

export const one = <T>(sql: string, ...values: unknown[]) =>
  env.DB.prepare(sql)
    .bind(...values)
    .first<T>();
export const count = async (sql: string, ...values: unknown[]) =>
  (await one<{ n: number }>(sql, ...values))?.n ?? 0;

/** The reply form's one-time key, as the page renders it. */
export const keyOf = (html: string) => /name="key" value="([0-9a-f-]{36})"/.exec(html)?.[1] ?? "";

export async function anAdmin() {
  const { cookie, email } = await signedInCookie({ admin: true });
  return { cookie, email, id: await userIdOf(email) };
}
