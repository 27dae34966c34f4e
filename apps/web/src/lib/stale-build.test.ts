import { afterEach, describe, expect, it, vi } from 'vitest';
import { reloadOnStaleBuild, STALE_BUILD_RELOAD_PAUSE_MS } from './stale-build';

/** A window with its own event target, session storage and a reload to watch. */
function fakeWindow() {
  const events = new EventTarget();
  const stored = new Map<string, string>();
  const reload = vi.fn();
  const target = {
    addEventListener: events.addEventListener.bind(events),
    sessionStorage: {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => stored.set(key, value),
    },
    location: { reload },
  } as unknown as Window;
  const failChunk = () => {
    const event = new Event('vite:preloadError', { cancelable: true });
    events.dispatchEvent(event);
    return event;
  };
  return { target, reload, failChunk };
}

describe('reloadOnStaleBuild', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reloads once for a chunk of an old release, and leaves a second failure soon after to the error page', () => {
    vi.useFakeTimers({ now: new Date('2026-12-01T10:00:00Z') });
    const { target, reload, failChunk } = fakeWindow();
    reloadOnStaleBuild(target);
    expect(failChunk().defaultPrevented).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    vi.setSystemTime(Date.now() + STALE_BUILD_RELOAD_PAUSE_MS - 1);
    // Not prevented: Vite throws the import's error on, to the route's error page.
    expect(failChunk().defaultPrevented).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    // A later release, later on: reloads again.
    vi.setSystemTime(Date.now() + 2);
    expect(failChunk().defaultPrevented).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('does not reload where it could not remember having done so (no session storage)', () => {
    const { target, reload, failChunk } = fakeWindow();
    target.sessionStorage.setItem = () => {
      throw new Error('storage disabled');
    };
    reloadOnStaleBuild(target);
    expect(failChunk().defaultPrevented).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});
