/** How long a confirmed removal may take to show (a call, then the list's refetch) before the focus is left alone. */
const REMOVAL_WATCH_MS = 15_000;
/** A confirmation that may still hold the focus while it closes, and the frames its closing is waited for. */
const CONFIRMATION_SELECTOR = '.ant-modal-root, .ant-modal-wrap, .ant-popover, [role="dialog"]';
const CLOSING_DIALOG_FRAMES = 90;

/**
 * Marks a list whose rows a confirmation removes: spread on the element that holds the rows (and their empty
 * state), and give each row's removing button `data-removal-focus`. When a confirmed row disappears, the focus goes
 * to the removing button now in its place (the next row's, else the last), and to the list itself once it is
 * empty. Before, it dropped to the page and the next Tab started from the top.
 */
export const REMOVAL_LIST_PROPS = { 'data-removal-list': '', tabIndex: -1 } as const;

export type TRemovalPlace = {
  /** Call once the removal is confirmed: the focus follows when the row goes. */
  focusNeighbourOnceRemoved: () => void;
};

function removalButtons(list: HTMLElement): HTMLElement[] {
  return list.isConnected ? [...list.querySelectorAll<HTMLElement>('[data-removal-focus]')] : [];
}

/**
 * Where `opener` (the removing button, when the confirmation opens) sits in its marked list; null outside one.
 * Taken before the confirmation, since the row may be gone by the time it closes.
 */
export function captureRemovalPlace(opener: Element | null): TRemovalPlace | null {
  const list = opener?.closest<HTMLElement>('[data-removal-list]');
  if (!opener || !list) {
    return null;
  }
  const index = removalButtons(list).indexOf(opener as HTMLElement);
  const focusNeighbour = (framesLeft = CLOSING_DIALOG_FRAMES) => {
    const active = document.activeElement;
    // The confirmation still closing holds the focus, and hands it back to the removed button: waited for (QA: a
    // banner's Delete left the focus on the page's start when its row went before its dialog had closed).
    const holder = active?.closest(CONFIRMATION_SELECTOR);
    if (holder && !holder.contains(list) && framesLeft > 0) {
      requestAnimationFrame(() => focusNeighbour(framesLeft - 1));
      return;
    }
    // Focus the user moved elsewhere meanwhile is not touched; focus that went with the removed button is on the body.
    if (active !== null && active !== document.body) {
      return;
    }
    const rest = removalButtons(list);
    const neighbour = rest[Math.min(index, rest.length - 1)];
    (neighbour ?? (list.isConnected ? list : null))?.focus();
  };
  return {
    focusNeighbourOnceRemoved: () => {
      if (!opener.isConnected) {
        focusNeighbour();
        return;
      }
      const observer = new MutationObserver(() => {
        if (!opener.isConnected) {
          stop();
          focusNeighbour();
        }
      });
      const timer = setTimeout(() => stop(), REMOVAL_WATCH_MS);
      const stop = () => {
        observer.disconnect();
        clearTimeout(timer);
      };
      observer.observe(document.body, { childList: true, subtree: true });
    },
  };
}
