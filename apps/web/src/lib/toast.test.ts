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
});
