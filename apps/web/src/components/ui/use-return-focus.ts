import { useLayoutEffect, useRef } from 'react';

/**
 * Gives the focus back to what had it when a drawer opened (the row's Details button), as the drawer closes: Ant
 * Design's Drawer left it on the page's body when it was closed soon after opening, and the next Tab started from
 * the top. Not on its `afterOpenChange`, which an opening cut short by Escape never calls.
 */
export function useReturnFocus(isOpen: boolean | undefined): void {
  const opener = useRef<HTMLElement | null>(null);
  // A layout effect runs before the drawer's own effect moves the focus into it.
  useLayoutEffect(() => {
    if (isOpen) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      return;
    }
    const back = opener.current;
    opener.current = null;
    if (!back) {
      return;
    }
    // After the drawer's own handling of the close.
    const timer = setTimeout(() => {
      const active = document.activeElement;
      // Focus the closing action put somewhere else on the page stays there.
      const isFocusLost =
        active === null || active === document.body || active.closest('.ant-drawer') !== null;
      if (back.isConnected && isFocusLost) {
        back.focus();
      }
    });
    return () => clearTimeout(timer);
  }, [isOpen]);
}
