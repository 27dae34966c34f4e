import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setUpComponentTests } from '../testing/render';
import { useOneAtATime } from './use-one-at-a-time';

describe('useOneAtATime', () => {
  setUpComponentTests();

  it('ignores a second start while the first run is going, and runs again once it ended (even in failure)', async () => {
    let finish: (() => void) | undefined;
    const action = vi.fn(
      (fail: boolean) =>
        new Promise<void>((resolve, reject) => {
          finish = () => (fail ? reject(new Error('refused')) : resolve());
        }),
    );
    const { result } = renderHook(() => useOneAtATime(action));
    const first = result.current(true);
    void result.current(false);
    expect(action).toHaveBeenCalledTimes(1);
    finish?.();
    await expect(first).rejects.toThrow('refused');
    const next = result.current(false);
    expect(action).toHaveBeenCalledTimes(2);
    finish?.();
    await next;
  });
});
