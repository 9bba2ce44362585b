import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { DocumentStylesContext } from "~/lib/document-styles";
import { NonceContext } from "~/lib/nonce-context";
import { usesRouterClient } from "~/lib/route-table";
import { holdClientRuntimeUntilPainted } from "~/server/delivery/client-runtime.server";
import { islandAnswer, wantsIslandAnswer } from "~/server/http/form-door.server";
import { cspNonceContext } from "~/server/http/request-context.server";
import stylesheet from "./app.css?inline";

export const streamTimeout = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // An island's form post gets its action's answer as JSON, and no page is rendered around it.
  const handled = routerContext.staticHandlerContext;
  if (wantsIslandAnswer(request) && !handled.errors) {
    const actionData = Object.values(handled.actionData ?? {})[0];
    return islandAnswer(actionData, responseStatusCode, responseHeaders);
  }
  const nonce = loadContext.get(cspNonceContext);
  let status = responseStatusCode;
  let shellRendered = false;
  const body = await renderToReadableStream(
    <NonceContext value={nonce}>
      <DocumentStylesContext value={stylesheet}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </DocumentStylesContext>
    </NonceContext>,
    {
      // React 19 puts the style nonce on the <style> elements it hoists (the inlined stylesheet).
      nonce: { script: nonce, style: nonce },
      // A finished Suspense boundary stays in its place whatever its size. React would otherwise send a large
      // one (a dashboard tab's table, decision 157) after the page, for a script to move in: a browser
      // without JavaScript would never show it.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      signal: AbortSignal.timeout(streamTimeout + 1_000),
      onError(error: unknown) {
        status = 500;
        if (shellRendered) console.error(error);
      },
    },
  );
  shellRendered = true;

  // Crawlers and Lighthouse get the complete document in one piece.
  if (isbot(request.headers.get("user-agent") ?? "") || routerContext.isSpaMode) {
    await body.allReady;
  }

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  const response = new Response(body, { headers: responseHeaders, status });
  return usesRouterClient(new URL(request.url).pathname)
    ? holdClientRuntimeUntilPainted(response, routerContext.manifest.entry.module)
    : response;
}

/** Logs real failures; a 404 or a request the visitor abandoned is not one. */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  console.error(error);
};
