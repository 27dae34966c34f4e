import { isStorefrontPath } from '@caravan/contracts/constants';
import type { createBrowserRouter, To } from 'react-router';

type TRouter = Pick<ReturnType<typeof createBrowserRouter>, 'navigate'>;

/** Opens an address as a new document (the browser's own navigation, which applies the answer's headers). */
export type TLeaveDocument = (href: string, shouldReplace: boolean) => void;

const leaveByBrowser: TLeaveDocument = (href, shouldReplace) => {
  if (shouldReplace) {
    window.location.replace(href);
  } else {
    window.location.assign(href);
  }
};

/** The address `to` names when it is absolute (a path from the root); relative and history moves give none. */
function absoluteTarget(to: To | null | number): URL | undefined {
  if (to === null || typeof to === 'number') {
    return undefined;
  }
  const href =
    typeof to === 'string'
      ? to
      : to.pathname
        ? `${to.pathname}${to.search ?? ''}${to.hash ?? ''}`
        : undefined;
  return href?.startsWith('/') && !href.startsWith('//') ? new URL(href, window.location.origin) : undefined;
}

/**
 * The server sends the storefront's server-rendered pages without Cross-Origin-Opener-Policy (docs/decisions.md,
 * web vitals 10) and every other page with it. In a document that came without it, a window of another site that
 * opened it keeps its handle on it, so the log-in, the wallet, the user centre, checkout and the consoles must not
 * be shown in that document: from it, the router leaves for them with a new document, which comes with the header.
 * Storefront pages still follow each other inside the document.
 */
export function leaveForIsolatedPages(router: TRouter, leave: TLeaveDocument = leaveByBrowser): void {
  const navigateInDocument = router.navigate.bind(router);
  router.navigate = ((to: To | null | number, options?: { replace?: boolean }) => {
    const target = absoluteTarget(to);
    if (target && !isStorefrontPath(target.pathname)) {
      leave(`${target.pathname}${target.search}${target.hash}`, options?.replace === true);
      return Promise.resolve();
    }
    return navigateInDocument(to as To, options);
  }) as TRouter['navigate'];
}
