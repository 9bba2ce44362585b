import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { mailEventRow } from "../../app/server/mail-outbox.server";
import { PREVIEW_JOBS_PATH, type PreviewJobsRun, servePreviewJobs } from "../../workers/preview-jobs";
import { insertUser, recordingEnv } from "../worker/support-mail";

// POST /__preview/run-jobs: a pull request's Preview's stand-in for its missing cron and queue consumer
// (decision 180). Anywhere but a Preview, or with a wrong secret, it is not there: the router answers.

const SECRET = "s".repeat(40);
const preview = (base: Env = env) =>
  ({ ...base, DEPLOYMENT: "pull-7", PREVIEW_JOBS_SECRET: SECRET }) as unknown as Env;

function post(authorization?: string, method = "POST", path = PREVIEW_JOBS_PATH) {
  const headers = authorization ? { Authorization: authorization } : undefined;
  return new Request(`https://pull-7-facets-website-preview.example.workers.dev${path}`, { method, headers });
}

const ran = { published: 0, delivered: 0, retried: 0 } satisfies PreviewJobsRun;

async function enqueuedAt(id: string) {
  const row = await env.DB.prepare("SELECT enqueued_at FROM mail_events WHERE id = ?")
    .bind(id)
    .first<{ enqueued_at: number | null }>();
  return row?.enqueued_at;
}

/** An event the cron's sweep would take: never published, older than a minute. */
async function oldEvent(userId: number) {
  const event = mailEventRow("account-approved", userId);
  await env.DB.prepare(
    "INSERT INTO mail_events (id, type, subject_id, created_at) VALUES (?, ?, ?, unixepoch() - 120)",
  )
    .bind(event.id, event.type, event.subjectId)
    .run();
  return event;
}

describe("the preview jobs route", () => {
  it("is not there in production, on the long-lived preview, or without its secret", async () => {
    const run = vi.fn(async () => ran);
    expect(env.DEPLOYMENT).toBe("production");
    const elsewhere = [
      env,
      { ...env, PREVIEW_JOBS_SECRET: SECRET },
      { ...env, DEPLOYMENT: "preview", PREVIEW_JOBS_SECRET: SECRET },
      { ...env, DEPLOYMENT: "pull-7" },
      { ...env, DEPLOYMENT: "pull-7", PREVIEW_JOBS_SECRET: "short" },
    ] as unknown as Env[];
    for (const where of elsewhere)
      expect(await servePreviewJobs(post(`Bearer ${SECRET}`), where, run)).toBeNull();
    expect(run).not.toHaveBeenCalled();
  });

  it("is not there to a wrong or missing secret, another method or another path", async () => {
    const run = vi.fn(async () => ran);
    for (const request of [
      post(),
      post(`Bearer ${SECRET}x`),
      post(`Bearer ${SECRET.slice(1)}`),
      post(SECRET),
      post(`Bearer ${SECRET}`, "GET"),
      post(`Bearer ${SECRET}`, "POST", `${PREVIEW_JOBS_PATH}/`),
    ])
      expect(await servePreviewJobs(request, preview(), run)).toBeNull();
    expect(run).not.toHaveBeenCalled();
  });

  it("runs the jobs on a pull request's Preview with its secret", async () => {
    const run = vi.fn(async () => ({ ...ran, published: 2 }));
    const response = await servePreviewJobs(post(`Bearer ${SECRET}`), preview(), run);
    expect(response?.status).toBe(200);
    expect(response?.headers.get("Cache-Control")).toBe("no-store");
    expect(await response?.json()).toEqual({ published: 2, delivered: 0, retried: 0 });
    expect(run).toHaveBeenCalledOnce();
  });

  it("publishes what the cron would and delivers it as the queue's consumer would", async () => {
    const user = await insertUser({ approved: true });
    const event = await oldEvent(user.id);
    const { env: recording, sent } = recordingEnv();

    const response = await servePreviewJobs(post(`Bearer ${SECRET}`), preview(recording));

    expect(await response?.json()).toMatchObject({ published: 1, delivered: 1, retried: 0 });
    expect(sent.map((email) => String(email.to))).toEqual([user.email]);
    expect(await enqueuedAt(event.id)).not.toBeNull();
  });

  it("leaves a failed delivery unpublished for the next run", async () => {
    const user = await insertUser({ approved: true });
    const event = await oldEvent(user.id);
    const failing = recordingEnv((to) => to === user.email);

    const first = await servePreviewJobs(post(`Bearer ${SECRET}`), preview(failing.env));
    expect(await first?.json()).toMatchObject({ published: 1, delivered: 0, retried: 1 });
    expect(await enqueuedAt(event.id)).toBeNull();

    const working = recordingEnv();
    const second = await servePreviewJobs(post(`Bearer ${SECRET}`), preview(working.env));
    expect(await second?.json()).toMatchObject({ published: 1, delivered: 1 });
    expect(working.sent.map((email) => String(email.to))).toEqual([user.email]);
  });
});
