import { type ReactNode, useEffect, useRef } from 'react';

/** The elements Ant Design's tables scroll in: `.ant-table-content` for `scroll.x`, `.ant-table-body` with `scroll.y`. */
const TABLE_SCROLLERS = '.ant-table-content, .ant-table-body';
/** Marks the tab stops set here, so one is taken away again only if it was ours. */
const OWN_TAB_STOP = 'data-cv-scroll-stop';

/** Makes the scroller a tab stop while its content is wider than its box, and no tab stop once it fits. */
function updateTabStop(scroller: HTMLElement): void {
  const scrolls = scroller.scrollWidth > scroller.clientWidth + 1;
  if (scrolls && !scroller.hasAttribute('tabindex')) {
    scroller.tabIndex = 0;
    scroller.setAttribute(OWN_TAB_STOP, '');
  } else if (!scrolls && scroller.hasAttribute(OWN_TAB_STOP)) {
    scroller.removeAttribute('tabindex');
    scroller.removeAttribute(OWN_TAB_STOP);
  }
}

/**
 * Tables wider than the screen, inside `children`, scroll from the keyboard. Ant Design's scroller (`scroll.x`) takes
 * no focus, and Safari does not make a scroller focusable on its own (Chromium does): where nothing in a table's rows
 * takes focus (a read-only log, an empty list), its far columns were out of a keyboard's reach. Each scroller here
 * is a tab stop exactly while it scrolls (axe-core: scrollable-region-focusable). A table shown outside the layouts
 * that use this (an order's goods at checkout) scrolls in a ScrollRegion instead.
 */
export function KeyboardScrollableTables({ children }: { children: ReactNode }) {
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = root.current;
    if (!element || typeof ResizeObserver === 'undefined') {
      return;
    }
    const watched = new WeakSet<Element>();
    const resizes = new ResizeObserver((entries) => {
      for (const entry of entries) {
        updateTabStop(entry.target as HTMLElement);
      }
    });
    let frame = 0;
    const scan = () => {
      frame = 0;
      for (const scroller of element.querySelectorAll<HTMLElement>(TABLE_SCROLLERS)) {
        if (!watched.has(scroller)) {
          watched.add(scroller);
          resizes.observe(scroller);
        }
        updateTabStop(scroller);
      }
    };
    // Rows arrive and pages change under the layout: look again once per frame at most.
    const mutations = new MutationObserver(() => {
      frame ||= requestAnimationFrame(scan);
    });
    mutations.observe(element, { childList: true, subtree: true });
    scan();
    return () => {
      cancelAnimationFrame(frame);
      mutations.disconnect();
      resizes.disconnect();
    };
  }, []);
  return (
    <div ref={root} className="cv-contents">
      {children}
    </div>
  );
}
