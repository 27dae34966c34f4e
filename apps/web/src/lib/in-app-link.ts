import { type MouseEvent, useMemo } from 'react';
import { type NavigateFunction, useNavigate } from 'react-router';

/**
 * A click handler that opens a plain `<a href>` inside the app, as react-router's Link does, for lists of many
 * links: a Link per product card resolved its path against the route matches and subscribed to the location in
 * every card, a good part of hydrating a page of 60 cards (Total Blocking Time, docs/operations.md). The list makes
 * one handler and every anchor shares it. A click with a modifier key or another button, or on a link that opens
 * elsewhere, is left to the browser (new tab, new window, download). Any element with an href takes it (Ant Design's
 * Button renders one as an anchor).
 */
export function makeInAppLinkHandler(navigate: NavigateFunction) {
  return (event: MouseEvent<HTMLElement>) => {
    const anchor = event.currentTarget;
    const href = anchor.getAttribute('href');
    const target = anchor.getAttribute('target');
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.altKey ||
      event.ctrlKey ||
      event.shiftKey ||
      // Only the app's own paths: '//host/...' is another site.
      !href?.startsWith('/') ||
      href.startsWith('//') ||
      (target && target !== '_self') ||
      anchor.hasAttribute('download')
    ) {
      return;
    }
    event.preventDefault();
    void navigate(href);
  };
}

/** One in-app link handler for a list or a footer full of plain anchors. */
export function useInAppLinkHandler() {
  const navigate = useNavigate();
  return useMemo(() => makeInAppLinkHandler(navigate), [navigate]);
}
