import { afterEach, describe, expect, it } from 'vitest';
import { captureErrorToasts } from '../testing/toasts';
import { ApiError, isApiError } from './api';
import { createQueryClient } from './query-client';

const refusal = (code: string) => new ApiError({ status: 400, code, message: `${code} said` });

describe('createQueryClient', () => {
  const client = createQueryClient();
  afterEach(() => client.clear());

  it("toasts a query's failure unless the query shows that error itself (QA: a refused coupon was said twice)", async () => {
    const shown = captureErrorToasts();
    const showsCouponRefusals = (error: unknown) => isApiError(error) && error.code.startsWith('COUPON_');
    for (const code of ['COUPON_STOPPED', 'ADDRESS_NOT_FOUND']) {
      await client
        .fetchQuery({
          queryKey: ['preview', code],
          queryFn: () => Promise.reject(refusal(code)),
          retry: false,
          meta: { isToastSkippedFor: showsCouponRefusals },
        })
        .catch(() => undefined);
    }
    expect(shown).toEqual(['ADDRESS_NOT_FOUND said']);
  });

  it('toasts none of a query that shows every error itself', async () => {
    const shown = captureErrorToasts();
    await client
      .fetchQuery({
        queryKey: ['form'],
        queryFn: () => Promise.reject(refusal('VALIDATION_FAILED')),
        retry: false,
        meta: { isToastSkipped: true },
      })
      .catch(() => undefined);
    expect(shown).toEqual([]);
  });
});
