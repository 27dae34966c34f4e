import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * After a navigation inside the app, the keyboard starts from the new page's content: the link or button that led
 * there was usually part of the old page and left the focus on the body, so the next Tab began again at "Skip to
 * main content". The focus goes to the layout's <main> (not a tab stop itself) only when nothing holds it: a link in
 * the header that stays on screen keeps it, and so does a field the visitor is typing in.
 */
export function RouteFocus() {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) {
      return;
    }
    previous.current = pathname;
    const focused = document.activeElement;
    if (focused === null || focused === document.body || !focused.isConnected) {
      document.getElementById('main')?.focus({ preventScroll: true });
    }
  }, [pathname]);
  return null;
}
