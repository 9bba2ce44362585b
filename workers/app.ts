import { createRequestHandler, RouterContextProvider } from "react-router";
import { cloudflareContext, cspNonceContext, sessionUserContext } from "../app/server/request-context.server";
import { applySecurityHeaders, createNonce } from "../app/server/security-headers.server";

const requestHandler = createRequestHandler(
  () => import("virtual:react-router/server-build"),
  import.meta.env.MODE,
);

export default {
  async fetch(request, env, ctx) {
    const nonce = createNonce();
    const context = new RouterContextProvider();
    context.set(cloudflareContext, { env, ctx });
    context.set(cspNonceContext, nonce);
    context.set(sessionUserContext, null);

    const response = await requestHandler(request, context);
    const secured = new Response(response.body, response);
    applySecurityHeaders(secured.headers, nonce);
    return secured;
  },
} satisfies ExportedHandler<Env>;
