import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { json } from '../../testing/test-app';

/** The SPEC §7 answer envelope. */
export type TLegacy<T = Record<string, unknown>> = { code: number; msg: string; data: T };

/** POSTs one old `/api/<entity>!<action>.action` call with its parameters in the query; it always answers 200. */
export async function callLegacy<T = Record<string, unknown>>(
  app: FastifyInstance,
  action: string,
  params: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<TLegacy<T>> {
  const res = await app.inject({
    method: 'POST',
    url: `/api/${action}.action?${new URLSearchParams(params).toString()}`,
    headers,
  });
  expect(res.statusCode).toBe(200);
  return json<TLegacy<T>>(res);
}
export { listStateChangingLegacyActions } from './registry';
