import { useMatches } from 'react-router';

/** Per-route behaviour read by the layout (SPEC §2). */
export type TRouteHandle = {
  /** Keep the page's scroll (and, through the query cache, its data) when the user comes Back. */
  isCached?: boolean;
  /** Show the floating cart button. */
  hasCartButton?: boolean;
};

/** The merged handle of the deepest matched route that defines each flag. */
export function useRouteHandle(): TRouteHandle {
  const matches = useMatches();
  const merged: TRouteHandle = {};
  for (const match of matches) {
    Object.assign(merged, (match.handle ?? {}) as TRouteHandle);
  }
  return merged;
}
