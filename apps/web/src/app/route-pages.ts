import { isValidElement, type ReactNode } from 'react';
import type { TPage } from './router';

function isPage(value: unknown): value is TPage {
  return typeof value === 'object' && value !== null && typeof (value as TPage).preload === 'function';
}

/**
 * The lazy pages a router's matches render (outermost first). Takes the router's own matches: matching the route
 * tree again (`matchRoutes`) flattens and ranks every route a second time before hydration.
 */
export function findRoutePages(matches: readonly { route: { element?: ReactNode } }[]): TPage[] {
  const pages: TPage[] = [];
  for (const match of matches) {
    const element = match.route.element;
    if (isValidElement(element) && isPage(element.type)) {
      pages.push(element.type);
    }
  }
  return pages;
}
