import { type RefObject, useLayoutEffect, useState } from 'react';

/**
 * Whether the element is narrower than `width`, measured before the browser paints (a table does not flash and
 * turn into a list), and again whenever it is resized. Its own width, not the screen's: the same list sits beside
 * a side menu in the user centre and alone on other pages. False where nothing can be measured (no layout).
 */
export function useIsNarrowerThan(element: RefObject<HTMLElement | null>, width: number): boolean {
  const [isNarrow, setIsNarrow] = useState(false);
  useLayoutEffect(() => {
    const target = element.current;
    if (!target || typeof ResizeObserver === 'undefined') {
      return;
    }
    setIsNarrow(target.getBoundingClientRect().width < width);
    const resizes = new ResizeObserver(([entry]) => {
      if (entry) {
        setIsNarrow(entry.contentRect.width < width);
      }
    });
    resizes.observe(target);
    return () => resizes.disconnect();
  }, [element, width]);
  return isNarrow;
}
