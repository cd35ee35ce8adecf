/**
 * The origin the site names its pages with (canonical addresses, Open Graph): the browser's own, and on
 * the server the one the server is configured for (entry-server.tsx provides it), which is the same
 * address the browser asked for.
 */
import { createContext, useContext } from 'react';

export const SiteOriginContext = createContext<string | undefined>(globalThis.location?.origin);

/** The site's origin, which absolute addresses are made on; `undefined` only outside a browser and a page render. */
export function useSiteOrigin(): string | undefined {
  return useContext(SiteOriginContext);
}
