import type { ReactNode } from 'react';

/**
 * A table wider than the screen scrolls inside this region, which takes keyboard focus so its far columns can be
 * reached without a pointer (WCAG 2.1.1). Ant Design's own scroller (`scroll.x`) cannot take focus: give the table a
 * minimum width (`style={{ minInlineSize }}`) instead and put it in here.
 */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keyboard.
    <section className="cv-scroll-region" aria-label={label} tabIndex={0}>
      {children}
    </section>
  );
}
