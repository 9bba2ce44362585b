import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { PASSWORD, postForm, uniqueEmail } from "./support-accounts";
import { call, member } from "./support-credentials";

// The daily limit of address changes per account (decision 122): five a day, counted when sent at once,
// answered 429 with Retry-After at the API and the page alike, and never another account's.

describe("address changes per account per day", () => {
  it("allows five a day, then answers 429 with Retry-After and stores nothing more", async () => {
    const owner = await member("mover");
    for (let n = 0; n < 5; n += 1) {
      const asked = await call("/api/account/email", owner.cookie, {
        password: PASSWORD,
        email: uniqueEmail("to"),
      });
      expect(asked.status).toBe(202);
    }
    const sixth = await call("/api/account/email", owner.cookie, {
      password: PASSWORD,
      email: uniqueEmail("to"),
    });
    expect(sixth.status).toBe(429);
    const retryAfter = Number(sixth.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(23 * 60 * 60);
    expect(retryAfter).toBeLessThanOrEqual(24 * 60 * 60);
    const { n } = (await env.DB.prepare("SELECT count(*) AS n FROM email_changes WHERE user_id = ?")
      .bind(owner.id)
      .first<{ n: number }>()) ?? { n: 0 };
    expect(n).toBe(5);
    // Nothing was confirmed for the refusal: no wrong-password entry either.
    const failures = await env.DB.prepare(
      "SELECT count(*) AS n FROM account_events WHERE subject_id = ? AND action = 'email-change-requested' AND outcome = 'failure'",
    )
      .bind(owner.id)
      .first<{ n: number }>();
    expect(failures?.n).toBe(0);
    // The page's form gets the same answer.
    const page = await postForm(
      "/account",
      { intent: "email", password: PASSWORD, email: uniqueEmail("to") },
      owner.cookie,
    );
    expect(page.status).toBe(429);
  });

  it("counts requests sent at once against the limit", async () => {
    const owner = await member("rush");
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        call("/api/account/email", owner.cookie, { password: PASSWORD, email: uniqueEmail("to") }),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 202)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(3);
    const { n } = (await env.DB.prepare("SELECT count(*) AS n FROM email_changes WHERE user_id = ?")
      .bind(owner.id)
      .first<{ n: number }>()) ?? { n: 0 };
    expect(n).toBe(5);
  });

  it("does not count another account's changes", async () => {
    const busy = await member("busy");
    const other = await member("other");
    for (let n = 0; n < 5; n += 1) {
      await call("/api/account/email", busy.cookie, { password: PASSWORD, email: uniqueEmail("to") });
    }
    const asked = await call("/api/account/email", other.cookie, {
      password: PASSWORD,
      email: uniqueEmail("to"),
    });
    expect(asked.status).toBe(202);
  });
});
