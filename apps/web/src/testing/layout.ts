import { act } from '@testing-library/react';
import { vi } from 'vitest';

/**
 * Lays every element out `width` pixels wide, as a browser would (jsdom lays nothing out), and returns a function
 * that resizes them and tells the ResizeObservers: for components that choose their form by their own width
 * (useIsNarrowerThan). Restore with vi.restoreAllMocks() and vi.unstubAllGlobals().
 */
export function layOutAt(width: number): (next: number) => void {
  let current = width;
  const observers = new Set<() => void>();
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(
    () => ({ width: current, height: 100 }) as DOMRect,
  );
  class FakeResizeObserver {
    private notify: (() => void) | undefined;
    constructor(private readonly callback: ResizeObserverCallback) {}
    observe(target: Element) {
      this.notify = () =>
        this.callback(
          [{ target, contentRect: { width: current } } as ResizeObserverEntry],
          this as unknown as ResizeObserver,
        );
      observers.add(this.notify);
    }
    disconnect() {
      if (this.notify) {
        observers.delete(this.notify);
      }
    }
  }
  vi.stubGlobal('ResizeObserver', FakeResizeObserver);
  return (next: number) => {
    current = next;
    act(() => {
      for (const notify of observers) {
        notify();
      }
    });
  };
}
