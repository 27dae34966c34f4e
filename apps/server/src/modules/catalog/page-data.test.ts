import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { products } from '../../db/schema';
import { createTestApp, type TTestContext } from '../../testing/test-app';
import { clearCatalogCache } from './cache';
import { asSent, readPublicCatalog } from './page-data';
import { createShopWithProduct } from './test-fixtures';

/** The reads a server-rendered page makes (issue 11): made once per cached answer, never older than it. */
describe('public catalogue reads for server rendering', () => {
  let ctx: TTestContext;
  let productId: bigint;
  beforeAll(async () => {
    ctx = await createTestApp();
    ({ productId } = await createShopWithProduct(ctx.database.db, {
      ownerName: `pagedata${Date.now()}`,
      storeName: 'Read shop',
      category: { en: 'Reads', fr: 'Lectures' },
      product: { en: 'Kettle', fr: 'Bouilloire' },
    }));
  });
  afterAll(async () => {
    await ctx.close();
  });

  const read = (lang: 'en' | 'fr', path: string) =>
    readPublicCatalog(ctx.database.db, lang, path, {}) as Promise<{ name: string }>;

  it('hands out one frozen answer per cached answer and language, a new one after a catalogue change', async () => {
    const first = await read('en', `/catalog/products/${productId}`);
    expect(first.name).toBe('Kettle');
    expect(Object.isFrozen(first)).toBe(true);
    expect(() => {
      (first as { name: string }).name = 'changed';
    }).toThrow(TypeError);
    expect(await read('en', `/catalog/products/${productId}`)).toBe(first);
    const french = await read('fr', `/catalog/products/${productId}`);
    expect(french.name).toBe('Bouilloire');
    expect(french).not.toBe(first);

    await ctx.database.db
      .update(products)
      .set({ names: { en: 'Steel kettle', fr: 'Bouilloire' } })
      .where(eq(products.id, productId));
    clearCatalogCache(ctx.database.db);
    const changed = await read('en', `/catalog/products/${productId}`);
    expect(changed).not.toBe(first);
    expect(changed.name).toBe('Steel kettle');
    expect(first.name).toBe('Kettle');
  });

  it('hands out what the API sends: the answer equals its own JSON, key for key', async () => {
    for (const path of [
      `/catalog/products/${productId}`,
      '/catalog/products',
      '/catalog/home',
      '/catalog/categories',
    ]) {
      const answer = await read('en', path);
      // toStrictEqual tells a key holding undefined from a missing one, as JSON does.
      expect(answer).toStrictEqual(JSON.parse(JSON.stringify(answer)));
    }
  });
});

describe('asSent', () => {
  const ZAnswer = z.object({
    name: z.string(),
    note: z.string().optional(),
    tags: z.array(z.object({ label: z.string(), hint: z.string().optional() })),
  });

  it('gives a cached answer as JSON carries it: keys holding undefined left out, frozen, made once', () => {
    const cached = Object.freeze({
      name: 'Kettle',
      note: undefined,
      extra: 'not in the schema',
      tags: Object.freeze([Object.freeze({ label: 'steel', hint: undefined })]),
    });
    const sent = asSent(ZAnswer, cached);
    expect(sent).toStrictEqual({ name: 'Kettle', tags: [{ label: 'steel' }] });
    expect(Object.isFrozen(sent)).toBe(true);
    expect(Object.isFrozen((sent as { tags: object[] }).tags[0])).toBe(true);
    expect(asSent(ZAnswer, cached)).toBe(sent);
  });

  it('leaves an answer that is not frozen as it was', () => {
    const answer = { name: 'Kettle', note: undefined, tags: [{ label: 'steel', hint: undefined }] };
    expect(asSent(ZAnswer, answer)).toStrictEqual({ name: 'Kettle', tags: [{ label: 'steel' }] });
    expect(Object.isFrozen(answer.tags[0])).toBe(false);
    expect('hint' in answer.tags[0]!).toBe(true);
  });

  it('writes what JSON would change as JSON does (a date as its text)', () => {
    const ZDated = z.object({ at: z.date(), count: z.number() });
    const sent = asSent(ZDated, Object.freeze({ at: new Date('2026-12-06T10:00:00.000Z'), count: 2 }));
    expect(sent).toStrictEqual({ at: '2026-12-06T10:00:00.000Z', count: 2 });
    expect(Object.isFrozen(sent)).toBe(true);
  });
});
