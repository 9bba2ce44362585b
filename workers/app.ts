import { createRequestHandler, RouterContextProvider } from "react-router";
import { clearFlashCookie, readFlash, readSessionToken, sessionCookie } from "../app/server/cookies.server";
import { getDb } from "../app/server/db.server";
import { servePrerenderedPage } from "../app/server/prerendered-pages.server";
import {
  cloudflareContext,
  cspNonceContext,
  flashContext,
  sessionUserContext,
} from "../app/server/request-context.server";
import {
  errorResponse,
  isCrossSite,
  isStateChanging,
  readBoundedBody,
} from "../app/server/request-guards.server";
import { applySecurityHeaders, createNonce } from "../app/server/security-headers.server";
import type { SessionUser } from "../app/server/session-user";
import { validateSession } from "../app/server/sessions.server";
import { findSignedInUser } from "../app/server/users.server";

const requestHandler = createRequestHandler(
  () => import("virtual:react-router/server-build"),
  import.meta.env.MODE,
);

/** Resolves the session cookie to a user: no storage is touched when there is no cookie. */
async function resolveSession(request: Request, env: Env) {
  const token = readSessionToken(request);
  if (!token) return { user: null, renewCookie: null };
  const session = await validateSession(env, token);
  const user: SessionUser | null = session ? await findSignedInUser(getDb(env), session.userId) : null;
  return { user, renewCookie: user && session?.renewed ? sessionCookie(request, token) : null };
}

async function handle(request: Request, env: Env, ctx: ExecutionContext, nonce: string): Promise<Response> {
  if (isStateChanging(request)) {
    if (isCrossSite(request, env.SITE_ORIGIN)) {
      return errorResponse(request, 403, "Cross-site requests are not allowed.");
    }
    const body = await readBoundedBody(request);
    if (!body) return errorResponse(request, 413, "The request body is too large.");
    request = new Request(request, { body });
  }

  const { user, renewCookie } = await resolveSession(request, env);
  const flash = { message: readFlash(request), shown: false };
  const context = new RouterContextProvider();
  context.set(cloudflareContext, { env, ctx });
  context.set(cspNonceContext, nonce);
  context.set(sessionUserContext, user);
  context.set(flashContext, flash);

  const response = await requestHandler(request, context);
  const headers = new Headers(response.headers);
  if (renewCookie) headers.append("Set-Cookie", renewCookie);
  // The flash was shown by this response; clear it unless the response sets a new one.
  const setsFlash = headers.getSetCookie().some((cookie) => cookie.startsWith("flash="));
  if (flash.shown && !setsFlash) headers.append("Set-Cookie", clearFlashCookie(request));
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

export default {
  async fetch(request, env, ctx) {
    // A visitor's content page: the document built at deploy time, from memory (docs/architecture.md).
    const prerendered = await servePrerenderedPage(request, env);
    if (prerendered) return prerendered;

    const nonce = createNonce();
    const response = await handle(request, env, ctx, nonce);
    const secured = new Response(response.body, response);
    applySecurityHeaders(secured.headers, nonce);
    return secured;
  },
} satisfies ExportedHandler<Env>;
