import { createContext, useContext } from "react";

/**
 * The Content-Security-Policy nonce of the page being rendered (server/security-headers.ts). The
 * server renderer provides it; in the browser it is empty, as browsers hide nonces from the DOM and
 * scripts added after the first paint come from our own origin.
 */
export const NonceContext = createContext("");

export function useNonce(): string {
  return useContext(NonceContext);
}
