import { describe, expect, it } from 'vitest';
import { makeZodJitless } from './zod-jitless';

describe('makeZodJitless', () => {
  it('turns off the eval probe of zod loaded afterwards', async () => {
    makeZodJitless();
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
  });
});
