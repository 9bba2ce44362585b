import { env } from "cloudflare:test";
import { expect } from "vitest";
import { fetchWorker } from "./support";
import { approve, freshIp, PASSWORD, postJson, registerViaApi, uniqueEmail } from "./support-accounts";

// My account over the JSON API (account-profile, account-sessions, account-activity and account-password
// .test.ts): a member signed in from two browsers, and the calls they make.

/** A member signed in twice (two browsers), with both session cookies. */
export async function memberWithTwoSessions() {
  const email = uniqueEmail("account");
  await registerViaApi(email);
  await approve(email);
  const signIn = async (userAgent: string) => {
    const response = await postJson("/api/login", { email, password: PASSWORD }, { "User-Agent": userAgent });
    expect(response.status).toBe(200);
    return (response.headers.get("Set-Cookie") ?? "").split(";")[0] ?? "";
  };
  const first = await signIn("Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) Firefox/140.0");
  const second = await signIn("Mozilla/5.0 (Linux; Android 15) Chrome/150.0 Mobile");
  return { email, first, second };
}

export async function idOf(email: string) {
  const row = await env.DB.prepare("SELECT id FROM users WHERE email = ?")
    .bind(email)
    .first<{ id: number }>();
  return row?.id;
}

export function call(path: string, cookie: string, init: { method?: string; body?: unknown } = {}) {
  return fetchWorker(path, {
    method: init.method ?? "GET",
    headers: {
      Cookie: cookie,
      "CF-Connecting-IP": freshIp(),
      ...(init.body === undefined ? {} : { "Content-Type": "application/json" }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}
