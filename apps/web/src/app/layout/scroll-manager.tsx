import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import { readStorage, STORAGE_KEYS, writeStorage } from '../../lib/storage';
import { useRouteHandle } from '../route-handle';

const HOME_PATHS = new Set(['/index']);
const RESTORE_ATTEMPTS = 20;

/** Scrolls once the (lazily loaded) content is tall enough, giving up after a few frames. */
function scrollWhenReady(top: number): () => void {
  let attempts = 0;
  let frame = 0;
  const step = () => {
    window.scrollTo(0, top);
    attempts += 1;
    if (Math.abs(window.scrollY - top) > 1 && attempts < RESTORE_ATTEMPTS) {
      frame = window.requestAnimationFrame(step);
    }
  };
  step();
  return () => window.cancelAnimationFrame(frame);
}

/**
 * SPEC §2 scrolling and page caching: /index restores the stored position, cached list pages get their
 * position back on Back/Forward (their data stays in the query cache), every other navigation starts at the top.
 */
export function ScrollManager() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const { isCached } = useRouteHandle();
  const positions = useRef(new Map<string, number>());

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
  }, []);

  useLayoutEffect(() => {
    const key = location.key;
    const isHome = HOME_PATHS.has(location.pathname);
    let cancel: () => void = () => undefined;
    if (isHome) {
      cancel = scrollWhenReady(Number(readStorage(STORAGE_KEYS.scroll)) || 0);
    } else if (isCached && navigationType === 'POP' && positions.current.has(key)) {
      cancel = scrollWhenReady(positions.current.get(key) ?? 0);
    } else {
      window.scrollTo(0, 0);
    }
    let pending = 0;
    const onScroll = () => {
      window.cancelAnimationFrame(pending);
      pending = window.requestAnimationFrame(() => {
        positions.current.set(key, window.scrollY);
        if (isHome) {
          writeStorage(STORAGE_KEYS.scroll, String(Math.round(window.scrollY)));
        }
      });
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      cancel();
      window.cancelAnimationFrame(pending);
      window.removeEventListener('scroll', onScroll);
    };
  }, [location.key, location.pathname, isCached, navigationType]);

  return null;
}
