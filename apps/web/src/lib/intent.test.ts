import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from './api';
import { runIntent } from './intent';

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

describe('one Idempotency-Key per user intent', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const keysSent = (fetchMock: ReturnType<typeof vi.fn>) =>
    fetchMock.mock.calls
      .map(([, init]) => (init as RequestInit).headers as Record<string, string>)
      .map((h) => h['idempotency-key']);
  const place = (body: unknown) =>
    runIntent('place-orders', body, ({ key }) => api.post('/orders', body, { idempotencyKey: key }));

  it('retries after a network failure or a double click with the same key, and starts afresh after an answer', async () => {
    const fetchMock = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('network down'))
      .mockResolvedValueOnce(answer(201, { orders: [] }))
      .mockResolvedValueOnce(answer(201, { orders: [] }))
      .mockResolvedValueOnce(answer(409, { error: { code: 'INSUFFICIENT_BALANCE', message: 'x' } }))
      .mockResolvedValueOnce(answer(201, { orders: [] }));
    vi.stubGlobal('fetch', fetchMock);
    const body = { items: [{ productId: '1', quantity: 1 }] };
    await expect(place(body)).rejects.toMatchObject({ status: 0 });
    await place(body); // the retry: same key
    await place(body); // a new intent after the answer: new key
    await expect(place(body)).rejects.toMatchObject({ code: 'INSUFFICIENT_BALANCE' });
    await place(body); // refused intent is over: new key
    const [k1, k2, k3, k4, k5] = keysSent(fetchMock);
    expect(k1).toMatch(/^[0-9a-f]{32}$/);
    expect(k2).toBe(k1);
    expect(k3).not.toBe(k1);
    expect(k4).not.toBe(k3);
    expect(k5).not.toBe(k4);
  });

  it('sends two clicks in flight as one request with one answer, and another input with another key', async () => {
    const fetchMock = vi.fn(async () => answer(201, { orders: [] }));
    vi.stubGlobal('fetch', fetchMock);
    const body = { items: [{ productId: '1', quantity: 1 }] };
    const [first, second] = await Promise.all([
      place(body),
      place(body),
      place({ items: [{ productId: '2', quantity: 1 }] }),
    ]);
    expect(second).toBe(first);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    const [a, c] = keysSent(fetchMock);
    expect(c).not.toBe(a);
  });

  it('runs the steps of an intent once for a double click (a withdrawal asks for one session, not two)', async () => {
    let sessions = 0;
    const steps = vi.fn(async ({ memo }: { memo: Map<string, unknown> }) => {
      if (!memo.has('session')) {
        sessions += 1;
        await Promise.resolve();
        memo.set('session', `s${sessions}`);
      }
      return memo.get('session');
    });
    const input = { amount: '200', txPassword: '123456' };
    const answers = await Promise.all([
      runIntent('withdraw', input, steps),
      runIntent('withdraw', input, steps),
    ]);
    expect(answers).toEqual(['s1', 's1']);
    expect(steps).toHaveBeenCalledTimes(1);
    // Answered: the next submit is a new intent.
    await runIntent('withdraw', input, steps);
    expect(steps).toHaveBeenCalledTimes(2);
  });
});
