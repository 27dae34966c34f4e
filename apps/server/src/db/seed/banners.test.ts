import { LANGUAGES, type THomeResponse } from '@caravan/contracts';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { clearCatalogCache } from '../../modules/catalog';
import { createTestStore, createTestUser } from '../../modules/orders/test-fixtures';
import { createTestApp, json, type TTestContext } from '../../testing/test-app';
import { banners } from '../schema';
import { seedDemoCatalog } from './catalog';
import { bannerSvg } from './catalog-pictures';
import { COLOURS } from './catalog-words';

/** Issue 17.8: the home banner's text was baked into the picture in English and cut off on narrow screens. */
describe('home banners carry real, translated text over wordless pictures', () => {
  let ctx: TTestContext;

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    const owner = await createTestUser(db);
    const storeId = await createTestStore(db, owner.id, 'Banner shop');
    await seedDemoCatalog(db, { storeId, uploadDir: inject('demoPictureDir'), products: 4 });
    clearCatalogCache(ctx.database.db);
    // Rendering the demo pictures takes most of a minute on a busy 2-core machine.
  }, 240_000);
  afterAll(async () => {
    await ctx.close();
  });

  const home = async (lang: string) =>
    json<THomeResponse>(await ctx.app.inject({ method: 'GET', url: `/api/v1/catalog/home?lang=${lang}` }))
      .banners;

  it('draws banner pictures without any words in them', () => {
    const svg = bannerSvg('#0F766E', 'shirt', COLOURS[0]!);
    expect(svg).not.toMatch(/<text/i);
  });

  it('seeds every banner with a title in all 21 languages, none of them English outside English', async () => {
    const rows = await ctx.database.db.select().from(banners);
    expect(rows.length).toBeGreaterThanOrEqual(4);
    for (const row of rows) {
      const titles = row.titles as Record<string, string>;
      expect(Object.keys(titles).sort()).toEqual([...LANGUAGES].sort());
      for (const lang of LANGUAGES.filter((l) => l !== 'en')) {
        expect(titles[lang], `${lang} of "${titles.en}"`).not.toBe(titles.en);
      }
    }
  });

  it('answers the home banners in the request language', async () => {
    const [english, arabic, thai] = await Promise.all([home('en'), home('ar'), home('th')]);
    expect(english[0]?.title).toBe('Wholesale prices, worldwide shipping');
    expect(arabic[0]?.title).toBe('أسعار الجملة وشحن إلى جميع أنحاء العالم');
    expect(thai[0]?.title).toBe('ราคาขายส่ง จัดส่งทั่วโลก');
    expect(english.map((b) => b.id)).toEqual(arabic.map((b) => b.id));
  });

  it("gives right-to-left languages each banner's picture with its art on the left, where their text does not start", async () => {
    const [english, arabic, thai] = await Promise.all([home('en'), home('ar'), home('th')]);
    for (const [index, banner] of arabic.entries()) {
      expect(banner.image.url, banner.title).not.toBe(english[index]?.image.url);
      expect(thai[index]?.image.url).toBe(english[index]?.image.url);
    }
    // The art's circle: right of the middle (480) left to right, left of it right to left.
    const circleX = (svg: string) => Number(svg.match(/<circle cx="(\d+)"/)?.[1]);
    expect(circleX(bannerSvg('#0F766E', 'shirt', COLOURS[0]!))).toBeGreaterThan(480);
    expect(circleX(bannerSvg('#0F766E', 'shirt', COLOURS[0]!, 'rtl'))).toBeLessThan(480);
  });

  it('shows a banner set for one language only in that language, with its own picture, inside its schedule', async () => {
    const db = ctx.database.db;
    const [first] = await db.select().from(banners).limit(1);
    const arabicPicture = { ...first!.image, url: '/uploads/arabic-only.webp' };
    const [arabicOnly] = await db
      .insert(banners)
      .values({
        titles: { ar: 'تخفيضات رمضان' },
        image: first!.image,
        images: { ar: arabicPicture },
        languages: ['ar'],
        sort: -1,
      })
      .returning({ id: banners.id });
    await db.insert(banners).values({
      titles: { en: 'Expired sale' },
      image: first!.image,
      sort: -2,
      endsAt: new Date(Date.now() - 60_000),
    });
    clearCatalogCache(db);
    const [english, arabic] = await Promise.all([home('en'), home('ar')]);
    expect(english.some((b) => b.id === String(arabicOnly!.id))).toBe(false);
    expect(arabic[0]).toMatchObject({ id: String(arabicOnly!.id), title: 'تخفيضات رمضان' });
    expect(arabic[0]?.image.url).toBe('/uploads/arabic-only.webp');
    expect([...english, ...arabic].some((b) => b.title === 'Expired sale')).toBe(false);
  });
});
