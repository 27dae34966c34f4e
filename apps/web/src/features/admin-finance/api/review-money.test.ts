import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../testing/render';
import { reviewRecharge } from './review-recharge';
import { reviewWithdrawal } from './review-withdrawal';

const keysSent = (fetchMock: ReturnType<typeof vi.fn>) =>
  fetchMock.mock.calls.map(
    ([, init]) => ((init as RequestInit).headers as Record<string, string>)['idempotency-key'],
  );

/** Fetch that fails once without an answer (a timeout), then answers. */
function failingOnce() {
  const fetchMock = vi
    .fn()
    .mockRejectedValueOnce(new TypeError('network down'))
    .mockResolvedValue(jsonResponse({ id: '7' }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('finance reviews move money under one Idempotency-Key per decision (QA seller 6, same fault)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it.each([
    ['recharge approval', () => reviewRecharge({ id: '7', decision: 'approve' })],
    ['recharge rejection', () => reviewRecharge({ id: '7', decision: 'reject', reason: 'no transfer' })],
    ['withdrawal approval', () => reviewWithdrawal({ id: '7', decision: 'approve', chainTxHash: '0xab' })],
    ['withdrawal rejection', () => reviewWithdrawal({ id: '7', decision: 'reject', reason: 'bad address' })],
  ])('a %s sends a key, and the same one when retried after no answer', async (_name, review) => {
    const fetchMock = failingOnce();
    await expect(review()).rejects.toMatchObject({ status: 0 });
    await review();
    const [first, retry] = keysSent(fetchMock);
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(retry).toBe(first);
  });
});
