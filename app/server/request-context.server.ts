import { createContext } from "react-router";
import type { FlashMessage } from "./cookies.server";
import type { SessionUser } from "./session-user";

/** The Worker's bindings and execution context, for loaders, actions and middleware. */
export const cloudflareContext = createContext<{ env: Env; ctx: ExecutionContext }>();

/** The CSP nonce of this response; every inline script React Router emits carries it. */
export const cspNonceContext = createContext<string>("");

/** Who is signed in, resolved once per request by the Worker (null for visitors). */
export const sessionUserContext = createContext<SessionUser | null>(null);

/** A one-shot toast carried across a redirect by the flash cookie (cleared by the Worker). */
export const flashContext = createContext<FlashMessage | null>(null);
