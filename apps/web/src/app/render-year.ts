import { createContext, useContext } from 'react';

/**
 * The year a server-rendered page was rendered in (its state carries it, TServerState.year): hydration shows the same
 * year as the server's markup, even when the browser's clock or zone is already in another year, and the footer's
 * server fragment is kept per year. Undefined on client-rendered pages, which read their own clock.
 */
export const RenderYearContext = createContext<number | undefined>(undefined);

export function useRenderYear(): number {
  return useContext(RenderYearContext) ?? new Date().getFullYear();
}
