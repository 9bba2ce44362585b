import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, type APIResponse, expect, type Page, test } from "@playwright/test";
import { demoAdminCookie } from "./demo-admin";
import { PASSWORD } from "./support";

// Members made over the API for the flows of My account and data rights, each request from its own client
// address so the per-address rate limits are never met by a fast run of the suite.

let addresses = 0;

/** A client address no other request of this run has used. */
export function clientIp(): string {
  addresses += 1;
  return `198.18.${200 + Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
}

/** A member registered over the API and approved by the demo admin over the API. */
export async function approvedMember(request: APIRequestContext, email: string, firstName = "Mary") {
  const headers = { "Content-Type": "application/json", "CF-Connecting-IP": clientIp() };
  await request.post("/api/register", {
    headers,
    data: { email, password: PASSWORD, firstName, lastName: "Jackson", userTypeId: 2 },
  });
  const cookie = await demoAdminCookie(test.info().project.use.baseURL ?? "");
  // Oldest first, 50 a page (decision 012), by keyset (decision 152): the newcomer is on the last page,
  // however many wait before it; each page links the next in `Link`.
  let id: number | undefined;
  let next: string | null = "/api/admin/pending-users";
  for (let pages = 0; id === undefined && next && pages < 100; pages += 1) {
    const response: APIResponse = await request.get(next, { headers: { Cookie: cookie } });
    const pending = (await response.json()) as { id: number; email: string }[];
    id = pending.find((user) => user.email === email)?.id;
    next = /<([^>]*)>; rel="next"/.exec(response.headers().link ?? "")?.[1] ?? null;
  }
  expect(id, `${email} is pending`).toBeDefined();
  const approved = await request.post(`/api/admin/approve-user/${id}`, { headers: { Cookie: cookie } });
  expect(approved.status()).toBe(200);
}

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];

/** axe's WCAG 2.2 A/AA findings on the page as it is now (axe runs as a script in the page). */
export async function expectAxeClean(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  expect(violations.map((violation) => violation.id)).toEqual([]);
}
