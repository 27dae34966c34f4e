import { isValidElement } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';
import type { TPage } from './router';

function isPage(value: unknown): value is TPage {
  return typeof value === 'object' && value !== null && typeof (value as TPage).preload === 'function';
}

/** The lazy pages the route tree renders for a path (outermost first). */
export function findRoutePages(routes: RouteObject[], pathname: string): TPage[] {
  const pages: TPage[] = [];
  for (const match of matchRoutes(routes, pathname) ?? []) {
    const element = match.route.element;
    if (isValidElement(element) && isPage(element.type)) {
      pages.push(element.type);
    }
  }
  return pages;
}
