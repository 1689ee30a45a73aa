import { createContext } from "react";

/**
 * On the server, the JSON of the texts the render has used so far (given by entry.server.tsx, computed by
 * ./used-keys.ts, which the browser never loads); nothing in the browser, which keeps the server's.
 */
export const InlineBundleContext = createContext<(() => string) | null>(null);
