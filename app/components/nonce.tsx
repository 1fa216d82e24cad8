import { createContext, useContext } from "react";

const NonceContext = createContext<string | undefined>(undefined);

/**
 * The script nonce of this page's Content-Security-Policy, set by the server's render
 * (entry.server). In the browser it is undefined: browsers hide a nonce from the page once
 * read, and scripts added after hydration need none.
 */
export const NonceProvider = NonceContext.Provider;

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
