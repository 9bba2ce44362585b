import { createContext, type RouterContextProvider } from "react-router";
import { sessionUnderToken } from "../identity/sessions.server";
import { cloudflareContext, sessionContext } from "../operation.server";
import type { SessionUser } from "../session-user";
import type { FlashMessage } from "./cookies.server";
import type { Refusal } from "./request-policy.server";

/** The CSP nonce of this response; every inline script React Router emits carries it. */
export const cspNonceContext = createContext<string>("");

// The bindings and the session are declared in the kernel (operation.server.ts), beside depsOf and callerOf
// that read them, and handed on from here with the router's other contexts.
export { cloudflareContext, sessionContext };

/**
 * After an action gave the session a new token ("Confirm it's you"): the loaders that render its answer in
 * the same request find the session under the new token (the old one no longer finds its D1 row).
 */
export function continueUnderToken(context: Readonly<RouterContextProvider>, token: string | null): void {
  const session = context.get(sessionContext);
  if (token && session) context.set(sessionContext, sessionUnderToken(session, token));
}

/**
 * The signed-in administrator as D1 knows them, set by the admin check in the middleware of the admin
 * layout (routes/admin/layout.tsx). It has no default: reading it where that middleware did not run throws.
 */
export const adminContext = createContext<SessionUser>();

/** The administrator the admin middleware let through; throws if it did not run for this request. */
export function adminOf(context: Readonly<RouterContextProvider>): SessionUser {
  return context.get(adminContext);
}

/** Set when the Worker refused the request: the root middleware answers with the error page. */
export const refusalContext = createContext<Refusal | null>(null);

/**
 * A one-shot toast carried across a redirect by the flash cookie. The root loader takes it and marks it
 * shown; only then does the Worker clear the cookie (so a request that renders nothing, such as a route
 * manifest fetch, does not swallow it).
 */
export interface FlashSlot {
  message: FlashMessage | null;
  shown: boolean;
}
export const flashContext = createContext<FlashSlot>({ message: null, shown: false });

export function takeFlash(context: Readonly<RouterContextProvider>): FlashMessage | null {
  const slot = context.get(flashContext);
  if (slot.message) slot.shown = true;
  return slot.message;
}
