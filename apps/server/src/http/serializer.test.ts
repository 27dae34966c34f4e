import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serializerCompiler } from './serializer';

describe('response serializer', () => {
  it('checks every reply against its schema, and makes the text of a frozen reply once', async () => {
    let checks = 0;
    const ZReply = z.object({
      name: z.string().refine(() => {
        checks += 1;
        return true;
      }),
    });
    const shared = Object.freeze({ name: 'cached', secret: 'never sent' });
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.get('/frozen', { schema: { response: { 200: ZReply } } }, async () => shared);
    app.get('/fresh', { schema: { response: { 200: ZReply } } }, async () => ({
      name: 'fresh',
      secret: 'x',
    }));
    app.get(
      '/bad',
      { schema: { response: { 200: ZReply } } },
      async () => Object.freeze({ name: 1 }) as never,
    );

    for (let i = 0; i < 3; i++) {
      const res = await app.inject({ url: '/frozen' });
      // Unknown keys are dropped from frozen replies too.
      expect(res.json()).toEqual({ name: 'cached' });
    }
    expect(checks).toBe(1);
    for (let i = 0; i < 2; i++) {
      expect((await app.inject({ url: '/fresh' })).json()).toEqual({ name: 'fresh' });
    }
    expect(checks).toBe(3);
    // A frozen reply that breaks its schema is still refused, not sent.
    expect((await app.inject({ url: '/bad' })).statusCode).toBe(500);
    await app.close();
  });
});
