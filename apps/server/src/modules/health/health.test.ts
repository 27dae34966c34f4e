import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TTestContext } from '../../testing/test-app';

describe('health and error envelope', () => {
  let ctx: TTestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('answers /api/health with the database kind', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({ status: 'ok' });
    expect(['pglite', 'postgres']).toContain(json(res).database);
  });

  it('answers an unknown API path with a localised 404 envelope', async () => {
    const en = await ctx.app.inject({ method: 'GET', url: '/api/v1/nothing-here' });
    expect(en.statusCode).toBe(404);
    expect(json(en)).toEqual({
      error: { code: 'ROUTE_NOT_FOUND', message: 'The requested address does not exist' },
    });
  });

  it('serves the OpenAPI document generated from the zod schemas', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = json<{ openapi: string; paths: Record<string, unknown> }>(res);
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/health']).toBeDefined();
  });
});
