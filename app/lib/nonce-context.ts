import { createContext, useContext } from "react";

/** Carries the CSP nonce from the server entry to <Scripts>; empty in the browser, where it is not needed. */
export const NonceContext = createContext("");

export function useNonce() {
  return useContext(NonceContext);
}
