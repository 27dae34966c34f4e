import { useLayoutEffect, useRef } from 'react';

/** What a table row offers the keyboard. */
const ROW_CONTROLS = 'button:not(:disabled), a[href]';
/** How long after the drawer closes its opener's row may still leave the list (the decision's refetch). */
const ROW_WATCH_MS = 15_000;

/**
 * Where an opener in a table's row stood, as a function that finds what now stands there: the same control of the
 * row now at that place (the next record, or the last), or the table itself once it has no row. Null for an opener
 * outside a table.
 */
function placeInTable(opener: HTMLElement): (() => HTMLElement | null) | null {
  const row = opener.closest('tr');
  const table = opener.closest<HTMLElement>('.ant-table-wrapper');
  if (!row || !table) {
    return null;
  }
  const rowsOf = () => [...table.querySelectorAll<HTMLElement>('.ant-table-tbody > tr.ant-table-row')];
  const rowIndex = rowsOf().indexOf(row);
  const controlIndex = [...row.querySelectorAll(ROW_CONTROLS)].indexOf(opener);
  return () => {
    if (!table.isConnected) {
      return null;
    }
    const rows = rowsOf();
    const target = rows[Math.min(rowIndex, rows.length - 1)];
    if (!target) {
      table.tabIndex = -1;
      return table;
    }
    const controls = [...target.querySelectorAll<HTMLElement>(ROW_CONTROLS)];
    return controls[controlIndex] ?? controls[0] ?? null;
  };
}

/** Whether the focus is nowhere the reader put it: on the page, gone with its element, or still in the drawer. */
function isFocusLost(): boolean {
  const active = document.activeElement;
  return active === null || active === document.body || active.closest('.ant-drawer') !== null;
}

/**
 * Gives the focus back to what had it when a drawer opened (the row's Details button), as the drawer closes: Ant
 * Design's Drawer left it on the page's body when it was closed soon after opening, and the next Tab started from
 * the top. Not on its `afterOpenChange`, which an opening cut short by Escape never calls. A decision taken in the
 * drawer often takes its record out of the list (approved, it leaves the pending ones), before or after the drawer
 * closes: the focus then goes to the same control of the row now in its place, so a reviewer goes on with the next
 * record (it fell to the page's start, QA).
 */
export function useReturnFocus(isOpen: boolean | undefined): void {
  const opener = useRef<{ element: HTMLElement; place: (() => HTMLElement | null) | null } | null>(null);
  // A layout effect runs before the drawer's own effect moves the focus into it.
  useLayoutEffect(() => {
    if (isOpen) {
      const active = document.activeElement;
      // Its place is taken now: its row may be gone by the time the drawer closes.
      opener.current =
        active instanceof HTMLElement ? { element: active, place: placeInTable(active) } : null;
      return;
    }
    const { element: back, place } = opener.current ?? { element: null, place: null };
    opener.current = null;
    if (!back) {
      return;
    }
    let stopWatching: (() => void) | undefined;
    // After the drawer's own handling of the close.
    const timer = setTimeout(() => {
      // Focus the closing action put somewhere else on the page stays there.
      if (!isFocusLost()) {
        return;
      }
      if (back.isConnected) {
        back.focus();
        stopWatching = place ? followRowRemoval(back, place) : undefined;
      } else {
        place?.()?.focus();
      }
    });
    return () => {
      clearTimeout(timer);
      stopWatching?.();
    };
  }, [isOpen]);
}

/** Once `control` leaves the page with the focus on it, focuses what stands in its place; the stop of the watch. */
function followRowRemoval(control: HTMLElement, place: () => HTMLElement | null): () => void {
  const observer = new MutationObserver(() => {
    if (!control.isConnected) {
      stop();
      if (isFocusLost()) {
        place()?.focus();
      }
    }
  });
  const timer = setTimeout(() => stop(), ROW_WATCH_MS);
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
  };
  observer.observe(document.body, { childList: true, subtree: true });
  return stop;
}
