import { type RefObject, useEffect } from 'react';

/**
 * Scrolls a strip that scrolls sideways (the header's tabs, the user centre's menu on a phone) so that its selected
 * entry is in view, by the least distance and inside the strip only: `scrollIntoView` would also scroll the page to
 * the strip, a jump on a page restored further down. The strip's scroll padding (the room its faded end takes) counts
 * as out of view. Physical distances, so a right-to-left strip (scrollLeft 0 at its right, negative beyond) works
 * the same.
 */
export function scrollIntoStrip(strip: HTMLElement, selected: HTMLElement): void {
  const box = strip.getBoundingClientRect();
  const item = selected.getBoundingClientRect();
  if (box.width === 0 || item.width === 0) {
    // Not laid out (a hidden strip, a test without layout): nothing to measure.
    return;
  }
  const style = getComputedStyle(strip);
  const start = box.left + strip.clientLeft + (Number.parseFloat(style.scrollPaddingLeft) || 0);
  const end =
    box.left + strip.clientLeft + strip.clientWidth - (Number.parseFloat(style.scrollPaddingRight) || 0);
  let distance = 0;
  if (item.width > end - start) {
    // Wider than the room: its beginning shows.
    distance = style.direction === 'rtl' ? item.right - end : item.left - start;
  } else if (item.left < start) {
    distance = item.left - start;
  } else if (item.right > end) {
    distance = item.right - end;
  }
  if (distance !== 0) {
    strip.scrollLeft += distance;
  }
}

/**
 * Keeps the selected entry of a sideways-scrolling strip in view: on mount and whenever `when` changes (the route,
 * the language, the strip shown again). On a phone the user centre's menu opened at its start, "Settings" 900 px
 * away, so the visitor could not see which section they were in (QA 2026-12-05). `stripSelector` finds the strip
 * inside `ref` when a component renders it (Ant Design's Menu); otherwise `ref` is the strip.
 */
export function useSelectedInView(
  ref: RefObject<HTMLElement | null>,
  selectedSelector: string,
  when: unknown,
  stripSelector?: string,
): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: `when` is what decides that the selection may have moved
  useEffect(() => {
    const root = ref.current;
    const strip = stripSelector ? root?.querySelector<HTMLElement>(stripSelector) : root;
    const selected = strip?.querySelector<HTMLElement>(selectedSelector);
    if (strip && selected) {
      scrollIntoStrip(strip, selected);
    }
  }, [when]);
}
