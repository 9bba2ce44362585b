import { createRequestHandler, RouterContextProvider } from "react-router";
import { type ContentDocuments, contentContext } from "../app/lib/content-context";
import { getDb } from "../app/server/db.server";
import { serveHeldPage } from "../app/server/delivery/member-pages.server";
import { prerenderedPageFor, servePrerenderedPage } from "../app/server/delivery/prerendered-pages.server";
import {
  liveDocuments,
  registerContentRenderer,
  servePreview,
  servePublishedPage,
} from "../app/server/delivery/published-pages.server";
import { serveVisitorFormPage } from "../app/server/delivery/visitor-form-pages.server";
import { versionOf, withInvocation } from "../app/server/events.server";
import {
  clearFlashCookie,
  readFlash,
  readSessionToken,
  sessionCookie,
  setsSessionCookie,
} from "../app/server/http/cookies.server";
import { jsonError } from "../app/server/http/json-api.server";
import {
  cloudflareContext,
  cspNonceContext,
  flashContext,
  refusalContext,
  sessionContext,
} from "../app/server/http/request-context.server";
import {
  FORM_METHODS,
  FORM_PATHS,
  isApiPath,
  isRouterDoor,
  PAGE_METHODS,
  type Refusal,
  routePath,
  screenRequest,
  withoutIgnoredBody,
} from "../app/server/http/request-policy.server";
import { applySecurityHeaders, createNonce } from "../app/server/http/security-headers.server";
import { validateSession, validateSessionForView } from "../app/server/identity/session-views.server";
import type { MailEventMessage } from "../app/server/mail-outbox.server";
import { DAILY_CRON, pruneSpentRecords } from "../app/server/scheduled/retention.server";
import { runFiveMinuteJobs } from "./five-minute-jobs";
import { markLogLines } from "./log-deployment";
import { servePreviewJobs } from "./preview-jobs";

const requestHandler = createRequestHandler(
  () => import("virtual:react-router/server-build"),
  import.meta.env.MODE,
);

/**
 * Resolves the session cookie from KV alone: no storage is touched without a cookie, and D1 never. A
 * content page's view (`forView`) may take a session read in the last seconds from memory instead.
 */
async function resolveSession(request: Request, env: Env, forView = false) {
  const token = readSessionToken(request);
  if (!token) return { session: null, renewCookie: null };
  const valid = await (forView ? validateSessionForView : validateSession)(env, token);
  return {
    session: valid?.session ?? null,
    renewCookie: valid?.renewed ? sessionCookie(request, token) : null,
  };
}

/**
 * The published documents a page of editable content shows: read where the site is built (a manifest) or
 * in development, never by the build's own prerender, which renders the seed (app/lib/content-context.ts).
 */
async function publishedDocuments(env: Env, pathname: string): Promise<ContentDocuments> {
  if (!import.meta.env.DEV && !(await prerenderedPageFor(env, pathname))) return {};
  return (await liveDocuments(env, pathname)).documents;
}

async function render(
  request: Request,
  env: Env,
  ctx: ExecutionContext,
  nonce: string,
  refusal: Refusal | null,
  documents?: ContentDocuments,
) {
  const { session, renewCookie } = await resolveSession(request, env);
  const flash = { message: readFlash(request), shown: false };
  const context = new RouterContextProvider();
  context.set(cloudflareContext, { env, ctx });
  context.set(cspNonceContext, nonce);
  context.set(sessionContext, session);
  context.set(flashContext, flash);
  context.set(refusalContext, refusal);
  context.set(contentContext, documents ?? (await publishedDocuments(env, new URL(request.url).pathname)));

  const response = await requestHandler(request, context);
  const headers = new Headers(response.headers);
  // A response that set the cookie itself (a new token: a password change, "Confirm it's you") keeps it.
  if (renewCookie && !setsSessionCookie(request, headers)) headers.append("Set-Cookie", renewCookie);
  // The flash was shown by this response; clear it unless the response sets a new one.
  const setsFlash = headers.getSetCookie().some((cookie) => cookie.startsWith("flash="));
  if (flash.shown && !setsFlash) headers.append("Set-Cookie", clearFlashCookie(request));
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/** A refused request: the API's JSON error, or the error page in the site's shell (rendered as a GET). */
async function refuse(request: Request, env: Env, ctx: ExecutionContext, nonce: string, refusal: Refusal) {
  const headers = new Headers(refusal.allow ? { Allow: refusal.allow } : undefined);
  const { pathname } = new URL(request.url);
  if (isApiPath(pathname)) {
    return Response.json({ error: refusal.message }, { status: refusal.status, headers });
  }
  if (isRouterDoor(pathname)) {
    headers.set("Content-Type", "text/plain; charset=utf-8");
    return new Response(refusal.message, { status: refusal.status, headers });
  }
  const method = request.method === "HEAD" ? "HEAD" : "GET";
  const page = await render(
    new Request(request.url, { method, headers: request.headers }),
    env,
    ctx,
    nonce,
    refusal,
  );
  for (const [name, value] of headers) page.headers.set(name, value);
  return page;
}

async function handle(request: Request, env: Env, ctx: ExecutionContext, nonce: string): Promise<Response> {
  const { pathname } = new URL(request.url);
  const api = isApiPath(pathname);
  if (request.method === "OPTIONS" && !api) {
    return new Response(null, {
      status: 204,
      headers: { Allow: FORM_PATHS.has(routePath(pathname)) ? FORM_METHODS : PAGE_METHODS },
    });
  }
  const screened = await screenRequest(request, env.SITE_ORIGIN);
  if ("refusal" in screened) return refuse(request, env, ctx, nonce, screened.refusal);
  const response = await render(screened.request, env, ctx, nonce, null);
  // A path no route matches (the API's catch-all cannot match every byte sequence) under /api/.
  const isJson = response.headers.get("Content-Type")?.startsWith("application/json") ?? false;
  if (api && response.status === 404 && !isJson) {
    await response.body?.cancel();
    return jsonError(404, "There is no such API endpoint.");
  }
  // React Router answers a method a route has no handler for with 405 itself: say which it takes, and
  // under /api/ in the API's own error shape.
  if (response.status === 405 && !response.headers.has("Allow")) {
    if (api) {
      await response.body?.cancel();
      return jsonError(405, `Use ${PAGE_METHODS}.`, { headers: { Allow: PAGE_METHODS } });
    }
    response.headers.set("Allow", PAGE_METHODS);
  }
  return response;
}

// A page of editable content as a visitor sees it with these documents: a publish's, a preview's.
registerContentRenderer(async (path, documents, env, ctx) => {
  const url = new URL(path, env.SITE_ORIGIN || "http://localhost");
  const response = await render(new Request(url), env, ctx, createNonce(), null, documents);
  const type = response.headers.get("Content-Type") ?? "";
  if (response.status !== 200 || !type.startsWith("text/html")) {
    await response.body?.cancel();
    return null;
  }
  return response.text();
});

/** Runs one invocation with the request id and version its structured events carry, each log line marked. */
function invocation<T>(env: Env, request: Request | null, run: () => T): T {
  markLogLines(env.DEPLOYMENT);
  return withInvocation({ request, version: versionOf(env) }, run);
}

export default {
  fetch(received, env, ctx) {
    return invocation(env, received, () => answer(received, env, ctx));
  },

  /**
   * Email Routing: an applicant's answer to a reply, sent to its thread's address (`reply+…@`). Refused
   * mail is told to the sending server; everything else is kept or dropped with its reason (decision 174).
   */
  email(message, env, ctx) {
    return invocation(env, null, async () => {
      const { receiveAnswer } = await import("../app/server/threads/inbound-answers.server");
      const deps = { env, db: getDb(env), waitUntil: (promise: Promise<unknown>) => ctx.waitUntil(promise) };
      const verdict = await receiveAnswer(deps, message);
      if (verdict.outcome === "refused") message.setReject(`Not delivered: ${verdict.reason}.`);
    });
  },

  /** Mail: render and send each event's emails. Imported here only, so pages never load the renderer. */
  queue(batch, env) {
    return invocation(env, null, async () => {
      const { handleMailBatch } = await import("../app/server/mail/mail-consumer.server");
      await handleMailBatch(batch, env);
    });
  },

  /**
   * Every five minutes: publish any mail event whose first publish did not happen, seal any audit entry an
   * interrupted isolate left unsealed, and send the administrators' digests now due. Daily: prune.
   */
  scheduled(controller, env, ctx) {
    invocation(env, null, () => {
      ctx.waitUntil(controller.cron === DAILY_CRON ? pruneSpentRecords(env) : runFiveMinuteJobs(env));
    });
  },
} satisfies ExportedHandler<Env, MailEventMessage>;

async function answer(received: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
  const request = await withoutIgnoredBody(received);
  // A pull request's Preview only: its mail and five-minute jobs, behind a secret (decision 180).
  const jobs = await servePreviewJobs(request, env);
  if (jobs) return jobs;
  // A visitor's page of editable content, once staff published a version of it (issue 41).
  const published = await servePublishedPage(request, env, ctx);
  if (published) return published;
  // A draft of editable content, through a live preview link (else routes/preview.tsx: a dead link).
  const preview = await servePreview(request, env, ctx);
  if (preview) return preview;
  // A visitor's content page: the document built at deploy time, from memory (docs/architecture.md).
  const prerendered = await servePrerenderedPage(request, env);
  if (prerendered) return prerendered;
  // A visitor's page with a form: rendered once per isolate, then held (visitor-form-pages.server.ts).
  const formPage = await serveVisitorFormPage(request, (nonce) =>
    render(new Request(request.url), env, ctx, nonce, null),
  );
  if (formPage) return formPage;
  // A signed-in person's content page: rendered once per header form, then held (member-pages.server.ts).
  if (readSessionToken(request)) {
    const held = await serveHeldPage(
      request,
      env,
      () => resolveSession(request, env, true),
      () => render(new Request(request.url, { headers: request.headers }), env, ctx, createNonce(), null),
    );
    if (held) return held;
  }

  const nonce = createNonce();
  const response = await handle(request, env, ctx, nonce);
  const secured = new Response(response.body, response);
  applySecurityHeaders(secured.headers, nonce);
  return secured;
}
