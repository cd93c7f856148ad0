import { createContext, useContext } from 'react';

/** The per-response CSP nonce; set by entry.server for the server render, empty in the browser. */
export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce() {
  return useContext(NonceContext);
}
