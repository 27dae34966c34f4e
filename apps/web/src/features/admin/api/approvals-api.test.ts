import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../testing/render';
import { decideApproval } from './approvals-api';

const keysSent = (fetchMock: ReturnType<typeof vi.fn>) =>
  fetchMock.mock.calls.map(
    ([, init]) => ((init as RequestInit).headers as Record<string, string>)['idempotency-key'],
  );

describe('a second approval (four-eyes)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it.each([
    { id: '3', decision: 'approve' as const },
    { id: '3', decision: 'decline' as const, reason: 'wrong amount' },
  ])('$decision sends an Idempotency-Key, the same one when retried after no answer', async (input) => {
    const fetchMock = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('network down'))
      .mockResolvedValue(jsonResponse({ id: '3' }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(decideApproval(input)).rejects.toMatchObject({ status: 0 });
    await decideApproval(input);
    const [first, retry] = keysSent(fetchMock);
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(retry).toBe(first);
  });
});
