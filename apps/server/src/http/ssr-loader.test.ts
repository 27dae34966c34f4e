import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { scriptLoader } from './ssr';

type TPaintCallback = (
  list: { getEntriesByName(name: string): unknown[] },
  observer: { disconnect(): void },
) => void;

/** Runs the page's loader in a stand-in window; the test fires `load`, frames, timers and paint entries itself. */
function runLoader({ paintTiming }: { paintTiming: boolean }) {
  const appended: string[] = [];
  const timers: { at: number; run: () => void }[] = [];
  const frames: (() => void)[] = [];
  const observers: { callback: TPaintCallback; isConnected: boolean }[] = [];
  let onLoad: (() => void) | undefined;
  let now = 0;
  const element = () => ({ rel: '', href: '', type: '', src: '' });
  const window = {
    addEventListener: (type: string, listener: () => void) => {
      if (type === 'load') {
        onLoad = listener;
      }
    },
    requestAnimationFrame: (callback: () => void) => frames.push(callback),
    setTimeout: (run: () => void, ms = 0) => timers.push({ at: now + ms, run }),
    document: {
      createElement: element,
      head: {
        appendChild: (child: { href: string; src: string }) => appended.push(child.src || child.href),
      },
    },
    PerformanceObserver: Object.assign(
      function PerformanceObserver(this: { observe(): void }, callback: TPaintCallback) {
        const entry = { callback, isConnected: false };
        observers.push(entry);
        this.observe = () => {
          entry.isConnected = true;
        };
      },
      { supportedEntryTypes: paintTiming ? ['paint', 'navigation'] : ['navigation'] },
    ),
  };
  vm.runInNewContext(scriptLoader(['/assets/web.js', '/assets/page.js'], '/assets/index.js'), {
    ...window,
    window,
  });
  return {
    appended,
    load: () => onLoad?.(),
    frame() {
      for (const callback of frames.splice(0)) {
        callback();
      }
    },
    /** Moves the clock and runs the timers that are due, in order. */
    advance(ms: number) {
      now += ms;
      for (let due = timers.find((t) => t.at <= now); due; due = timers.find((t) => t.at <= now)) {
        timers.splice(timers.indexOf(due), 1);
        due.run();
      }
    },
    paint(name: string) {
      for (const observer of observers.filter((o) => o.isConnected)) {
        observer.callback(
          { getEntriesByName: (asked) => (asked === name ? [{ name }] : []) },
          {
            disconnect: () => {
              observer.isConnected = false;
            },
          },
        );
      }
    },
  };
}

describe("the server-rendered page's script loader", () => {
  it('asks for the scripts only once the page has painted its content, after load', () => {
    const page = runLoader({ paintTiming: true });
    page.advance(5_000);
    expect(page.appended).toEqual([]);
    page.load();
    page.frame();
    page.advance(1_000);
    page.paint('first-paint');
    page.advance(0);
    // A frame and a paint without content are not enough: Chromium held a reused tab's first paint back for a second.
    expect(page.appended).toEqual([]);
    page.paint('first-contentful-paint');
    expect(page.appended).toEqual([]);
    page.advance(0);
    expect(page.appended).toEqual(['/assets/web.js', '/assets/page.js', '/assets/index.js']);
    // Once only, whatever comes later.
    page.advance(5_000);
    page.paint('first-contentful-paint');
    page.advance(0);
    expect(page.appended).toHaveLength(3);
  });

  it('starts after a while when no paint comes (a tab opened in the background)', () => {
    const page = runLoader({ paintTiming: true });
    page.load();
    page.advance(2_999);
    expect(page.appended).toEqual([]);
    page.advance(1);
    expect(page.appended).toEqual(['/assets/web.js', '/assets/page.js', '/assets/index.js']);
  });

  it('waits for the next frame where the browser has no paint timing', () => {
    const page = runLoader({ paintTiming: false });
    page.load();
    page.advance(0);
    expect(page.appended).toEqual([]);
    page.frame();
    page.advance(0);
    expect(page.appended).toEqual(['/assets/web.js', '/assets/page.js', '/assets/index.js']);
  });
});
