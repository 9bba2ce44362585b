import { createContext, type RouterContextProvider } from "react-router";
import type { FlashMessage } from "./cookies.server";
import type { SessionUser } from "./session-user";

/** The Worker's bindings and execution context, for loaders, actions and middleware. */
export const cloudflareContext = createContext<{ env: Env; ctx: ExecutionContext }>();

/** The CSP nonce of this response; every inline script React Router emits carries it. */
export const cspNonceContext = createContext<string>("");

/** Who is signed in, resolved once per request by the Worker (null for visitors). */
export const sessionUserContext = createContext<SessionUser | null>(null);

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
