import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bindToastInstance, resetToastMemory, toast } from './toast';

describe('toast', () => {
  const shown = { error: vi.fn(), success: vi.fn(), warning: vi.fn(), info: vi.fn() };
  beforeEach(() => {
    vi.useFakeTimers();
    resetToastMemory();
    for (const fn of Object.values(shown)) {
      fn.mockReset();
    }
    bindToastInstance(shown);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows an identical message only once within 500 ms', () => {
    expect(toast.error('Wrong password')).toBe(true);
    vi.advanceTimersByTime(200);
    expect(toast.error('Wrong password')).toBe(false);
    vi.advanceTimersByTime(299);
    expect(toast.error('Wrong password')).toBe(false);
    expect(shown.error).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(501);
    expect(toast.error('Wrong password')).toBe(true);
    expect(shown.error).toHaveBeenCalledTimes(2);
  });

  it('does not hold back different messages or kinds', () => {
    toast.error('A');
    toast.error('B');
    toast.success('A');
    expect(shown.error).toHaveBeenCalledTimes(2);
    expect(shown.success).toHaveBeenCalledWith('A', undefined);
  });

  it('keeps toasts asked for before the app shell mounts until its holder binds, in order', async () => {
    vi.resetModules();
    const fresh = await import('./toast');
    const early = { error: vi.fn(), success: vi.fn(), warning: vi.fn(), info: vi.fn() };
    expect(fresh.isToastDemanded()).toBe(false);
    expect(fresh.toast.error('Network error')).toBe(true);
    expect(fresh.toast.success('Saved')).toBe(true);
    expect(fresh.isToastDemanded()).toBe(true);
    // No stand-in took them meanwhile (Ant Design's static message would, unthemed and refused by the CSP).
    await vi.dynamicImportSettled();
    fresh.bindToastInstance(early);
    expect(early.error).toHaveBeenCalledWith('Network error', undefined);
    expect(early.success).toHaveBeenCalledWith('Saved', undefined);
    expect(early.error.mock.invocationCallOrder[0]).toBeLessThan(early.success.mock.invocationCallOrder[0]!);
  });
});
