import { createContext, useContext } from 'react';

/**
 * How a page rendered on the server says that what it shows is missing (an unknown product, store or help topic,
 * goods off the shelf), so the answer is a 404 with that page rather than a 200 a search engine would index
 * (issue 11). In the browser there is no status to set and the context is empty.
 */
export type TPageStatus = { markNotFound(): void };

export const PageStatusContext = createContext<TPageStatus | null>(null);

/** Marks the server's answer as a 404 when the calling component renders; nothing in the browser. */
export function useNotFoundStatus(): void {
  useContext(PageStatusContext)?.markNotFound();
}

/**
 * The same for a page that still shows something useful in place of what is missing (an unknown category shows the
 * first one): rendered only when the thing asked for is missing.
 */
export function NotFoundStatus(): null {
  useNotFoundStatus();
  return null;
}
