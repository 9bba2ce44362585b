import { env } from "cloudflare:test";
import { expect } from "vitest";
import { fetchWorker, textOf } from "./support";
import { freshIp } from "./support-accounts";

// What the tests of the workbench's queue share (message-queue.test.ts, bulk-moves.test.ts).

/** A form posted to the dashboard as a browser posts it: repeated fields (ticked boxes) stay repeated. */
export function dashboardPost(cookie: string, fields: [string, string][], search = "?tab=contacts") {
  return fetchWorker(`/admin${search}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      "CF-Connecting-IP": freshIp(),
      Cookie: cookie,
    },
    body: new URLSearchParams(fields),
  });
}

export async function stateOf(id: number) {
  return env.DB.prepare(
    "SELECT state, is_processed, processed_by, processed_at, claimed_by, claimed_at FROM contact_submissions WHERE id = ?",
  )
    .bind(id)
    .first<{
      state: string;
      is_processed: number;
      processed_by: number | null;
      processed_at: number | null;
      claimed_by: number | null;
      claimed_at: number | null;
    }>();
}

export async function entriesOf(action: string, ids: number[]) {
  const { results } = await env.DB.prepare(
    `SELECT subject_id, actor_id FROM account_events WHERE action = ? AND subject_id IN (${ids.map(() => "?").join(", ")})`,
  )
    .bind(action, ...ids)
    .all<{ subject_id: number; actor_id: number }>();
  return results;
}

export async function apiList(cookie: string, query: string) {
  const response = await fetchWorker(`/api/admin/contacts${query}`, { headers: { Cookie: cookie } });
  expect(response.status).toBe(200);
  return {
    items:
      await response.json<
        { id: number; state: string; claimedBy: number | null; userTypeId: number | null }[]
      >(),
    total: Number(response.headers.get("X-Total-Count")),
    next: response.headers.get("Link"),
  };
}

/** A token a bulk move's answer holds in a hidden field (`confirm`, `undo`): what its next press posts. */
export function tokenIn(html: string, field: "confirm" | "undo"): string {
  const found = html.match(new RegExp(`name="${field}" value="([a-z2-7]{52})"`))?.[1];
  if (!found) throw new Error(`no ${field} token in the answer`);
  return found;
}

/**
 * A bulk move of more than the ticked rows, as a person makes it: the press (answered by its confirmation,
 * whose text is `asked`), then the confirmation's own button (whose answer's text is `moved`).
 */
export async function confirmedMove(
  cookie: string,
  fields: [string, string][],
  search = "?tab=contacts",
  extra: [string, string][] = [],
) {
  const pressed = await dashboardPost(cookie, [["intent", "bulk-move"], ...fields], search);
  expect(pressed.status).toBe(200);
  const html = await pressed.text();
  const move = fields.find(([name]) => name === "move")?.[1] ?? "";
  const scope = fields.find(([name]) => name === "scope")?.[1] ?? "";
  const confirmed = await dashboardPost(
    cookie,
    [
      ["intent", "bulk-move"],
      ["move", move],
      ["scope", scope],
      ["confirm", tokenIn(html, "confirm")],
      ...extra,
    ],
    // The confirmation posts to the list's address with the scope of the move (bulk-answers.tsx).
    `${search}&scope=${scope}`,
  );
  expect(confirmed.status).toBe(200);
  const answer = await confirmed.text();
  return { asked: textOf(html), moved: textOf(answer), movedHtml: answer };
}
