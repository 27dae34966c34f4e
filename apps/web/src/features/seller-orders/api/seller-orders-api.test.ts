import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../testing/render';
import { approveSellerRefund } from './seller-orders-api';

/** The Idempotency-Key of every request the page sent. */
const keysSent = (fetchMock: ReturnType<typeof vi.fn>) =>
  fetchMock.mock.calls.map(
    ([, init]) => ((init as RequestInit).headers as Record<string, string>)['idempotency-key'],
  );

describe("the seller's refund approval", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sends an Idempotency-Key and the same one again when retried after no answer (QA seller 6)', async () => {
    const fetchMock = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('network down'))
      .mockResolvedValueOnce(jsonResponse({ orderInfo: { orderNo: 'O1' } }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(approveSellerRefund('O1')).rejects.toMatchObject({ status: 0 });
    // The server may have paid the buyer back already: the retry is the same approval, which it replays.
    await expect(approveSellerRefund('O1')).resolves.toEqual({ orderNo: 'O1' });
    const [first, retry] = keysSent(fetchMock);
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(retry).toBe(first);
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain('/api/v1/seller/orders/O1/refund/approve');
  });
});
