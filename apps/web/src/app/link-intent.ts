import { matchRoutes, type RouteObject } from 'react-router';
import { findRoutePages } from './route-pages';

/**
 * Asks for a page's code when the pointer comes over a link to it or the keyboard reaches one, so it has usually
 * arrived by the click (until it has, the layout shows the page's skeleton). Each path is matched once; a failed
 * load may be asked for again. Answers the function that stops listening.
 */
export function preloadPagesOnLinkIntent(routes: RouteObject[], target: Document = document): () => void {
  const askedPaths = new Set<string>();
  const onIntent = (event: Event) => {
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (
      !(link instanceof HTMLAnchorElement) ||
      link.origin !== target.location.origin ||
      askedPaths.has(link.pathname)
    ) {
      return;
    }
    const path = link.pathname;
    askedPaths.add(path);
    for (const page of findRoutePages(matchRoutes(routes, path) ?? [])) {
      void page.preload().catch(() => askedPaths.delete(path));
    }
  };
  target.addEventListener('pointerover', onIntent, { passive: true });
  target.addEventListener('focusin', onIntent);
  return () => {
    target.removeEventListener('pointerover', onIntent);
    target.removeEventListener('focusin', onIntent);
  };
}
