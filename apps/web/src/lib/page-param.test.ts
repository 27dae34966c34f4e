import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { readPageParam, useLastPageCorrection } from './page-param';

describe('readPageParam', () => {
  it('reads page numbers defensively', () => {
    expect(readPageParam('3')).toBe(3);
    expect(readPageParam('0')).toBe(1);
    expect(readPageParam('-2')).toBe(1);
    expect(readPageParam('abc')).toBe(1);
    expect(readPageParam(null)).toBe(1);
    expect(readPageParam('9999999999999999999')).toBe(1);
  });
});

describe('useLastPageCorrection', () => {
  it('turns a page past the end to the last one, replacing the address, once the total is known', () => {
    const setPage = vi.fn();
    const hook = renderHook(({ page, total }) => useLastPageCorrection(page, total, 20, setPage), {
      initialProps: { page: 9, total: undefined as number | undefined },
    });
    // Still loading: nothing is known to be past the end.
    expect(hook.result.current).toBe(false);
    expect(setPage).not.toHaveBeenCalled();

    hook.rerender({ page: 9, total: 45 });
    expect(hook.result.current).toBe(true);
    expect(setPage).toHaveBeenCalledWith(3, { isCorrection: true });

    setPage.mockClear();
    hook.rerender({ page: 3, total: 45 });
    expect(hook.result.current).toBe(false);
    // An empty list has one (empty) page.
    hook.rerender({ page: 1, total: 0 });
    expect(hook.result.current).toBe(false);
    expect(setPage).not.toHaveBeenCalled();
  });
});
