import { useCallback, useRef } from 'react';

/**
 * The action, refusing to start again while its last run has not finished. A double click on a dialog's OK
 * came in before the button showed it was busy (React had not rendered `confirmLoading` yet), so the request
 * went twice and the second's refusal ("already reviewed", "the order status does not allow this") stood beside
 * the first's success.
 */
export function useOneAtATime<TArgs extends unknown[]>(
  action: (...args: TArgs) => Promise<unknown>,
): (...args: TArgs) => Promise<void> {
  const isRunning = useRef(false);
  const latest = useRef(action);
  latest.current = action;
  return useCallback(async (...args: TArgs) => {
    if (isRunning.current) {
      return;
    }
    isRunning.current = true;
    try {
      await latest.current(...args);
    } finally {
      isRunning.current = false;
    }
  }, []);
}
