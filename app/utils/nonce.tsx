// The response's CSP nonce (app/utils/security-headers.server.ts), handed from entry.server to the document's inline
// scripts. In the browser there is none to give: the scripts have run, and browsers hide the attribute anyway.
import { createContext, useContext, type ReactNode } from "react";

const NonceContext = createContext<string | undefined>(undefined);

export function NonceProvider({ nonce, children }: { nonce: string; children: ReactNode }) {
  return <NonceContext.Provider value={nonce}>{children}</NonceContext.Provider>;
}

export const useNonce = () => useContext(NonceContext);
