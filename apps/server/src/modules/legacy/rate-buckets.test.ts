import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TTestContext } from '../../testing/test-app';
import type { TLegacy } from './test-fixtures';

const EN_ERRORS = JSON.parse(
  readFileSync(
    path.resolve(import.meta.dirname, '../../../../../packages/contracts/locales/en/errors.json'),
    'utf8',
  ),
) as Record<string, string>;

/**
 * Issue 10 defect 8 / issue 17 item 14: public reads through the legacy calls (catalogue, lists) have a
 * bucket of their own; log-in, codes, money and chat calls share a strict one. Before, one 60-a-minute
 * bucket served both, so browsing the catalogue locked a client out of logging in.
 */
describe('legacy rate buckets', () => {
  let ctx: TTestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ RATE_LIMIT_PER_MINUTE: '3', RATE_LIMIT_READ_PER_MINUTE: '8' });
  });
  afterAll(async () => {
    await ctx.close();
  });

  const read = () => ctx.app.inject({ method: 'GET', url: '/api/category!tree.action?lang=en' });
  const login = () =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/user!newlogin.action?lang=en',
      payload: { username: 'nobody-here', password: 'whatever1' },
    });

  it('counts reads and sensitive calls apart, each with its own limit', async () => {
    for (let i = 0; i < 5; i++) {
      expect(json<TLegacy>(await read()).code).toBe(0);
    }
    // Five reads later, log-in still has its own three calls a minute.
    for (let i = 0; i < 3; i++) {
      expect(json<TLegacy>(await login()).msg).not.toBe(EN_ERRORS.TOO_FREQUENT);
    }
    expect(json<TLegacy>(await login())).toEqual({ code: 1, msg: EN_ERRORS.TOO_FREQUENT, data: null });
    // And reads go on after log-in is refused, up to their own limit.
    for (let i = 0; i < 3; i++) {
      expect(json<TLegacy>(await read()).code).toBe(0);
    }
    expect(json<TLegacy>(await read())).toEqual({ code: 1, msg: EN_ERRORS.TOO_FREQUENT, data: null });
  });
});
