/** How many frames (about a second) to wait for the focus to be lost after an action. */
const WATCH_FRAMES = 60;

/**
 * After an action that redraws its buttons (Confirm receipt becomes Review, Ship becomes Correct the tracking
 * number), the button that had the focus is gone or off and the focus falls to the page's start (QA). This watches
 * for about a second and, whenever the focus is lost, gives it to the first button left in `container`, else to
 * `fallback` (the page's content, where the list is, when the item left it). A confirmation still open holds the focus
 * meanwhile, and with its item it may go without handing the focus back.
 */
export function keepFocusIn(container: HTMLElement | null, fallback: HTMLElement | null = null): void {
  let framesLeft = WATCH_FRAMES;
  const check = () => {
    const active = document.activeElement;
    const isLost =
      !(active instanceof HTMLElement) ||
      active === document.body ||
      !active.isConnected ||
      active.matches(':disabled');
    if (isLost) {
      const next = (container?.isConnected ? container : null)?.querySelector<HTMLElement>(
        'button:not(:disabled)',
      );
      (next ?? fallback)?.focus({ preventScroll: !next });
    }
    // Watched to the end: a dialog closing after the action hands the focus back to what is gone, a second time.
    if (--framesLeft > 0) {
      requestAnimationFrame(check);
    }
  };
  requestAnimationFrame(check);
}
