import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type {
  TAdminBanner,
  TAdminCategory,
  TCategoryNode,
  THomePinItem,
  THomePins,
  THomeResponse,
} from '@caravan/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../../db/migrate';
import { auditLog, categories, products } from '../../db/schema';
import { createTestStaff } from '../../testing/fixtures';
import { buildMultipart } from '../../testing/multipart';
import { bearer, createTestApp, json, type TTestContext } from '../../testing/test-app';
import { createTestProduct, createTestStore, createTestUser } from '../orders/test-fixtures';

type TStaff = { id: bigint; token: string };
type TErr = { error: { code: string } };
type TLegacy<T> = { code: number; data: T };

describe('catalogue curation', () => {
  let ctx: TTestContext;
  let curator: TStaff;
  let support: TStaff;
  const uploadDir = mkdtempSync(path.join(tmpdir(), 'caravan-curation-'));

  beforeAll(async () => {
    ctx = await createTestApp({ UPLOAD_DIR: uploadDir });
    curator = await createTestStaff(ctx.database.db, ['catalog.manage']);
    support = await createTestStaff(ctx.database.db, ['chat.answer']);
  });
  afterAll(async () => {
    await ctx.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: unknown) =>
    ctx.app.inject({
      method,
      url,
      headers: bearer(token),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const tree = async (lang: string) =>
    json<{ categories: TCategoryNode[] }>(
      await ctx.app.inject({ method: 'GET', url: `/api/v1/catalog/categories?lang=${lang}` }),
    ).categories;
  const legacyTree = async (action: string, lang: string) =>
    json<TLegacy<{ categoryList: TCategoryNode[] }>>(
      await ctx.app.inject({ method: 'GET', url: `/api/${action}.action?lang=${lang}` }),
    ).data.categoryList;

  async function category(names: Record<string, string>, parentId: string | null = null) {
    const res = await call('POST', '/api/v1/admin/catalog/categories', curator.token, { names, parentId });
    expect(res.statusCode, res.body).toBe(201);
    return json<TAdminCategory>(res);
  }

  it('refuses staff without catalog.manage on every curation call', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/admin/catalog/categories'],
      ['POST', '/api/v1/admin/catalog/categories'],
      ['PUT', '/api/v1/admin/catalog/categories/1'],
      ['DELETE', '/api/v1/admin/catalog/categories/1'],
      ['GET', '/api/v1/admin/catalog/banners'],
      ['POST', '/api/v1/admin/catalog/banners'],
      ['PUT', '/api/v1/admin/catalog/banners/1'],
      ['DELETE', '/api/v1/admin/catalog/banners/1'],
      ['GET', '/api/v1/admin/catalog/activities'],
      ['POST', '/api/v1/admin/catalog/activities'],
      ['PUT', '/api/v1/admin/catalog/activities/1'],
      ['GET', '/api/v1/admin/catalog/home-pins'],
      ['GET', '/api/v1/admin/catalog/home-pins/candidates?section=hotGoods'],
      ['PUT', '/api/v1/admin/catalog/home-pins/hotGoods'],
    ] as const) {
      const res = await call(
        method,
        url,
        support.token,
        method === 'GET' || method === 'DELETE' ? undefined : {},
      );
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('moves a category with its products; the storefront, category!tree and sellerTree follow in every language', async () => {
    const db = ctx.database.db;
    const home = await category({ en: 'Home goods', de: 'Haushalt' });
    const garden = await category({ en: 'Garden', de: 'Garten' });
    const lamps = await category({ en: 'Lamps', de: 'Lampen' }, home.id);
    const owner = await createTestUser(db);
    const storeId = await createTestStore(db, owner.id);
    const { productId } = await createTestProduct(db, storeId, { price: '10', stock: 5 });
    await db
      .update(products)
      .set({ categoryId: BigInt(lamps.id) })
      .where(eq(products.id, productId));
    // A parent counts the goods below it.
    const counts = async () => {
      const res = await call('GET', '/api/v1/admin/catalog/categories', curator.token);
      const list = json<{ data: TAdminCategory[] }>(res).data;
      return Object.fromEntries(
        [home, garden, lamps].map((c) => [c.names.en, list.find((row) => row.id === c.id)?.productCount]),
      );
    };
    expect(await counts()).toEqual({ 'Home goods': 1, Garden: 0, Lamps: 1 });

    const moved = await call('PUT', `/api/v1/admin/catalog/categories/${lamps.id}`, curator.token, {
      parentId: garden.id,
      names: { en: 'Garden lamps', de: 'Gartenlampen' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    for (const [lang, name, parent] of [
      ['en', 'Garden lamps', 'Garden'],
      ['de', 'Gartenlampen', 'Garten'],
    ] as const) {
      for (const nodes of [
        await tree(lang),
        await legacyTree('category!tree', lang),
        await legacyTree('category!sellerTree', lang),
      ]) {
        const parentNode = nodes.find((n) => n.id === garden.id);
        expect(parentNode?.name).toBe(parent);
        expect(parentNode?.children.map((c) => c.name)).toEqual([name]);
        expect(nodes.find((n) => n.id === home.id)?.children).toEqual([]);
      }
    }
    const [product] = await db.select().from(products).where(eq(products.id, productId));
    expect(product!.categoryL1).toBe(BigInt(garden.id));
    expect(await counts()).toEqual({ 'Home goods': 0, Garden: 1, Lamps: 1 });
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'category.move'), eq(auditLog.targetId, lamps.id)));
    expect(audit!.details).toMatchObject({
      before: { parentId: home.id, names: { en: 'Lamps' } },
      after: { parentId: garden.id, names: { en: 'Garden lamps' } },
    });

    const intoItself = await call('PUT', `/api/v1/admin/catalog/categories/${garden.id}`, curator.token, {
      parentId: lamps.id,
    });
    expect(json<TErr>(intoItself).error.code).toBe('CATEGORY_MOVE_INVALID');

    // Hiding a category hides everything below it too.
    await call('PUT', `/api/v1/admin/catalog/categories/${garden.id}`, curator.token, { isHidden: true });
    const ids = (await tree('en')).map((n) => n.id);
    expect(ids).toContain(home.id);
    expect(ids).not.toContain(garden.id);
    expect(JSON.stringify(await legacyTree('category!sellerTree', 'en'))).not.toContain(lamps.id);
  });

  it("takes a category's icon only as a picture uploaded here, and shows its smallest size on the storefront", async () => {
    const png = await sharp({ create: { width: 480, height: 480, channels: 3, background: '#E4572E' } })
      .png()
      .toBuffer();
    const body = buildMultipart(png, 'icon.png', 'image/png', 'category');
    const uploaded = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/uploads',
      headers: { ...body.headers, ...bearer(curator.token) },
      payload: body.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    // The upload answers its largest size (480 of 240 and 480); the icon keeps the smallest.
    const ref = json<{ url: string }>(uploaded).url;
    expect(ref).toMatch(/-480\.webp$/);
    const smallest = ref.replace(/-480\.webp$/, '-240.webp');

    const created = await call('POST', '/api/v1/admin/catalog/categories', curator.token, {
      names: { en: 'QA Icons' },
      icon: ref,
    });
    expect(created.statusCode, created.body).toBe(201);
    const withIcon = json<TAdminCategory>(created);
    expect(withIcon.icon).toBe(smallest);
    expect(existsSync(path.join(uploadDir, smallest.replace(/^\/uploads\//, '')))).toBe(true);
    await call('PUT', `/api/v1/admin/catalog/categories/${withIcon.id}`, curator.token, {
      isRecommended: true,
    });
    const plain = await category({ en: 'QA No icon' });
    expect(plain.icon).toBe('');

    // The storefront's tree, the home page's categories and the old apps' tree give the picture's address.
    const node = (await tree('en')).find((n) => n.id === withIcon.id);
    expect(node?.icon).toBe(smallest);
    expect((await tree('en')).find((n) => n.id === plain.id)?.icon).toBe('');
    const home = json<THomeResponse>(
      await ctx.app.inject({ method: 'GET', url: '/api/v1/catalog/home?lang=en' }),
    );
    expect(home.categories.find((c) => c.id === withIcon.id)?.icon).toBe(smallest);
    expect((await legacyTree('category!tree', 'en')).find((n) => n.id === withIcon.id)?.icon).toBe(smallest);
    const picture = await ctx.app.inject({ method: 'GET', url: smallest });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toContain('image/webp');

    // A rename keeps the icon; the same reference sent back is kept as it is.
    const renamed = await call('PUT', `/api/v1/admin/catalog/categories/${withIcon.id}`, curator.token, {
      names: { en: 'QA Icons renamed' },
      icon: smallest,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(json<TAdminCategory>(renamed).icon).toBe(smallest);

    const refusedWith = async (method: 'POST' | 'PUT', url: string, icon: unknown) => {
      const res = await call(method, `${url}?lang=fr`, curator.token, { names: { en: 'QA Refused' }, icon });
      expect(res.statusCode, `${JSON.stringify(icon)}: ${res.body}`).toBe(400);
      return json<{ error: { code: string; message: string; details: { fields: { field: string }[] } } }>(res)
        .error;
    };
    for (const [method, url] of [
      ['POST', '/api/v1/admin/catalog/categories'],
      ['PUT', `/api/v1/admin/catalog/categories/${withIcon.id}`],
    ] as const) {
      for (const icon of [
        'shirt',
        'https://elsewhere.example/icon.webp',
        '//elsewhere.example/uploads/img/ab/0123456789abcdef0123456789abcdef-240.webp',
        '/uploads/img/ab/../../../etc/passwd',
        `${smallest}?x=1`,
        5,
        null,
      ]) {
        const error = await refusedWith(method, url, icon);
        expect(error.code).toBe('VALIDATION_FAILED');
        expect(error.message).toBe('Veuillez téléverser l’image à nouveau');
        expect(error.details.fields.map((f) => f.field)).toContain('icon');
      }
      // The shape of a reference, but no picture of this platform.
      const unknown = await refusedWith(
        method,
        url,
        '/uploads/img/ab/0123456789abcdef0123456789abcdef-240.webp',
      );
      expect(unknown).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: 'Veuillez téléverser l’image à nouveau',
      });
      expect(unknown.details.fields).toEqual([
        { field: 'icon', message: 'Veuillez téléverser l’image à nouveau' },
      ]);
      for (const icon of ['shirt\u0000', `${smallest}\u0000`]) {
        const error = await refusedWith(method, url, icon);
        expect(error.code).toBe('VALIDATION_FAILED');
      }
    }
    // Nothing refused was stored.
    const [stored] = await ctx.database.db
      .select({ icon: categories.icon })
      .from(categories)
      .where(eq(categories.id, BigInt(withIcon.id)));
    expect(stored!.icon).toBe(smallest);

    // Empty takes the icon away (spaces are empty too).
    const cleared = await call('PUT', `/api/v1/admin/catalog/categories/${withIcon.id}`, curator.token, {
      icon: '  ',
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(json<TAdminCategory>(cleared).icon).toBe('');
    expect((await tree('en')).find((n) => n.id === withIcon.id)?.icon).toBe('');
    // The database holds to the rule too, whoever writes.
    await expect(
      ctx.database.db
        .update(categories)
        .set({ icon: 'shirt' })
        .where(eq(categories.id, BigInt(plain.id))),
    ).rejects.toThrow();
  });

  it('migration 0051 clears the icons that are no upload references and keeps the others', async () => {
    const db = ctx.database.db;
    const reference = '/uploads/img/0a/0123456789abcdef0123456789abcdef-240.webp';
    await db.execute(sql`alter table categories drop constraint categories_icon_upload_ref`);
    const icons = [
      'shirt',
      'phone',
      'https://elsewhere.example/a.webp',
      `${reference} `,
      '/uploads/img/0A/0123456789ABCDEF0123456789abcdef-240.webp',
      '',
      reference,
    ];
    const rows = await db
      .insert(categories)
      .values(icons.map((icon, i) => ({ level: 1, sort: i, icon, names: { en: `QA migrated ${i}` } })))
      .returning({ id: categories.id });
    const migration = readFileSync(path.join(MIGRATIONS_DIR, '0051_category_icon_pictures.sql'), 'utf8');
    for (const statement of migration.split('--> statement-breakpoint')) {
      await db.execute(sql.raw(statement));
    }
    const after = await db
      .select({ id: categories.id, icon: categories.icon })
      .from(categories)
      .where(
        inArray(
          categories.id,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(categories.sort);
    expect(after.map((r) => r.icon)).toEqual(['', '', '', '', '', '', reference]);
    // The check is back in place.
    await expect(
      db.update(categories).set({ icon: 'phone' }).where(eq(categories.id, rows[0]!.id)),
    ).rejects.toThrow();
  });

  it('sets a banner for Arabic only, with its own text and picture, audited and shown at once', async () => {
    const png = await sharp({ create: { width: 1200, height: 375, channels: 3, background: '#0F766E' } })
      .png()
      .toBuffer();
    const body = buildMultipart(png, 'banner.png', 'image/png', 'banner');
    const uploaded = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/uploads',
      headers: { ...body.headers, ...bearer(curator.token) },
      payload: body.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const imageRef = json<{ url: string }>(uploaded).url;

    const created = await call('POST', '/api/v1/admin/catalog/banners', curator.token, {
      titles: { ar: 'عروض نهاية الأسبوع' },
      subtitles: { ar: 'شحن مجاني' },
      imageRef,
      languages: ['ar'],
      link: '/discounted',
    });
    expect(created.statusCode, created.body).toBe(201);
    const banner = json<TAdminBanner>(created);
    const homeIn = async (lang: string) =>
      json<THomeResponse>(await ctx.app.inject({ method: 'GET', url: `/api/v1/catalog/home?lang=${lang}` }))
        .banners;
    expect((await homeIn('ar')).map((b) => [b.title, b.subtitle])).toEqual([
      ['عروض نهاية الأسبوع', 'شحن مجاني'],
    ]);
    expect(await homeIn('en')).toEqual([]);
    const legacy = json<TLegacy<{ title: string }[]>>(
      await ctx.app.inject({ method: 'POST', url: '/api/banner!bannerList.action?lang=ar' }),
    );
    expect(legacy.data.map((b) => b.title)).toEqual(['عروض نهاية الأسبوع']);
    const audits = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'banner.create'), eq(auditLog.targetId, banner.id)));
    expect(audits).toHaveLength(1);

    for (const bad of [
      { titles: { ar: 'x' }, imageRef, link: 'https://elsewhere.example/' },
      { titles: { ar: 'x' }, imageRef: 'https://elsewhere.example/a.png' },
      { titles: { ar: 'x' }, imageRef: '/uploads/img/ab/0123456789abcdef0123456789abcdef-960.webp' },
      { titles: { ar: 'x\u0000' }, imageRef },
      { titles: {}, imageRef },
      { titles: { xx: 'x' }, imageRef },
      { titles: { ar: 'x' }, imageRef, startsAt: '2026-02-01T00:00:00Z', endsAt: '2026-01-01T00:00:00Z' },
    ]) {
      const res = await call('POST', '/api/v1/admin/catalog/banners', curator.token, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, JSON.stringify(bad)).toBeLessThan(500);
    }
    expect(
      (await call('DELETE', `/api/v1/admin/catalog/banners/${banner.id}`, curator.token)).statusCode,
    ).toBe(200);
    expect(await homeIn('ar')).toEqual([]);
  });

  it('schedules the current activity that activity/lottery!getCurrentActivity answers with its detailUrl', async () => {
    const current = () =>
      ctx.app.inject({ method: 'GET', url: '/api/activity/lottery!getCurrentActivity.action?lang=de' });
    expect(json<TLegacy<{ detailUrl: string }>>(await current()).data.detailUrl).toBe('');
    const later = await call('POST', '/api/v1/admin/catalog/activities', curator.token, {
      titles: { en: 'Later draw' },
      detailUrl: '/information',
      startsAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(later.statusCode, later.body).toBe(201);
    expect(json<TLegacy<{ detailUrl: string }>>(await current()).data.detailUrl).toBe('');
    const now = await call('POST', '/api/v1/admin/catalog/activities', curator.token, {
      titles: { en: 'Spring draw', de: 'Frühlingsverlosung' },
      detailUrl: 'https://promo.example.com/spring',
      endsAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(now.statusCode).toBe(201);
    expect(json<TLegacy<{ detailUrl: string; title: string }>>(await current()).data).toMatchObject({
      detailUrl: 'https://promo.example.com/spring',
      title: 'Frühlingsverlosung',
    });
    const insecure = await call('POST', '/api/v1/admin/catalog/activities', curator.token, {
      detailUrl: 'javascript:alert(1)',
    });
    expect(insecure.statusCode).toBe(400);
  });

  it('pins goods, stores and categories ahead of the automatic fill of each home section, audited', async () => {
    const db = ctx.database.db;
    const owner = await createTestUser(db);
    const storeId = await createTestStore(db, owner.id, 'Pinned bazaar');
    const made: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      made.push(String((await createTestProduct(db, storeId)).productId));
    }
    const oldest = made[0]!;
    await db
      .update(products)
      .set({ names: { en: 'Oldest lantern', de: 'Älteste Laterne' } })
      .where(eq(products.id, BigInt(oldest)));
    const home = async (lang: string) =>
      json<THomeResponse>(await ctx.app.inject({ method: 'GET', url: `/api/v1/catalog/home?lang=${lang}` }));
    expect((await home('en')).hot[0]?.id).not.toBe(oldest);

    const found = await call(
      'GET',
      `/api/v1/admin/catalog/home-pins/candidates?section=hotGoods&keyword=lantern`,
      curator.token,
    );
    expect(json<{ data: THomePinItem[] }>(found).data).toEqual([{ id: oldest, name: 'Oldest lantern' }]);
    const put = await call('PUT', '/api/v1/admin/catalog/home-pins/hotGoods', curator.token, {
      targetIds: [oldest, made[1]],
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(json<THomePins>(put)).toMatchObject({ section: 'hotGoods', targetIds: [oldest, made[1]] });
    const pinnedHome = await home('de');
    expect(pinnedHome.hot.slice(0, 2).map((p) => p.id)).toEqual([oldest, made[1]]);
    expect(pinnedHome.hot[0]?.name).toBe('Älteste Laterne');
    // The rest of the section is still filled automatically, without repeating the pinned goods.
    expect(pinnedHome.hot.filter((p) => p.id === oldest)).toHaveLength(1);
    expect(pinnedHome.hot.length).toBeGreaterThan(2);

    const stores = await call('PUT', '/api/v1/admin/catalog/home-pins/recommendStores', curator.token, {
      targetIds: [String(storeId)],
    });
    expect(stores.statusCode, stores.body).toBe(200);
    expect((await home('en')).stores[0]?.id).toBe(String(storeId));
    const pinnedCategory = await category({ en: 'Pinned lamps', de: 'Angeheftete Lampen' });
    await call('PUT', '/api/v1/admin/catalog/home-pins/recommendCategories', curator.token, {
      targetIds: [pinnedCategory.id],
    });
    expect((await home('de')).categories[0]).toMatchObject({ id: pinnedCategory.id });

    // Only what the section may show: no discount running, unknown ids, too many, another section name.
    for (const [section, body] of [
      ['discountGoods', { targetIds: [oldest] }],
      ['hotGoods', { targetIds: ['999999999'] }],
      ['hotGoods', { targetIds: Array.from({ length: 13 }, (_, i) => String(i + 1)) }],
      ['hotGoods', { targetIds: ['abc'] }],
      ['hotGoods', { targetIds: [oldest], extra: 1 }],
      ['cheapGoods', { targetIds: [oldest] }],
    ] as const) {
      const res = await call('PUT', `/api/v1/admin/catalog/home-pins/${section}`, curator.token, body);
      expect(res.statusCode, `${section} ${JSON.stringify(body)}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    const list = json<{ data: THomePins[] }>(
      await call('GET', '/api/v1/admin/catalog/home-pins', curator.token),
    );
    expect(list.data.find((s) => s.section === 'hotGoods')?.items).toEqual([
      { id: oldest, name: 'Oldest lantern', isShown: true },
      { id: made[1], name: 'Test goods', isShown: true },
    ]);
    expect(list.data.find((s) => s.section === 'discountGoods')?.targetIds).toEqual([]);

    // A pinned product taken off shelf keeps its name and place, marked as not shown, and the section can still be
    // reordered, added to and unpinned (QA: every change was refused while it stayed pinned, and it read "#13 #13").
    await db
      .update(products)
      .set({ isOnShelf: false })
      .where(eq(products.id, BigInt(oldest)));
    const hidden = json<{ data: THomePins[] }>(
      await call('GET', '/api/v1/admin/catalog/home-pins', curator.token),
    ).data.find((s) => s.section === 'hotGoods');
    expect(hidden?.items[0]).toEqual({ id: oldest, name: 'Oldest lantern', isShown: false });
    const reordered = await call('PUT', '/api/v1/admin/catalog/home-pins/hotGoods', curator.token, {
      targetIds: [made[1], oldest, made[2]],
    });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect(json<THomePins>(reordered).targetIds).toEqual([made[1], oldest, made[2]]);
    expect((await home('en')).hot.some((p) => p.id === oldest)).toBe(false);
    // What is not shown cannot be newly pinned elsewhere.
    const elsewhere = await call('PUT', '/api/v1/admin/catalog/home-pins/newGoods', curator.token, {
      targetIds: [oldest],
    });
    expect(elsewhere.statusCode).toBe(404);
    await db
      .update(products)
      .set({ isOnShelf: true })
      .where(eq(products.id, BigInt(oldest)));

    // Unpinned: the section is automatic again.
    await call('PUT', '/api/v1/admin/catalog/home-pins/hotGoods', curator.token, { targetIds: [] });
    expect((await home('en')).hot[0]?.id).not.toBe(oldest);
    const audits = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'home_pins.update'), eq(auditLog.targetId, 'hotGoods')));
    expect(audits.map((a) => a.details)).toEqual([
      { before: [], after: [oldest, made[1]] },
      { before: [oldest, made[1]], after: [made[1], oldest, made[2]] },
      { before: [made[1], oldest, made[2]], after: [] },
    ]);
  });
  it('deletes an empty category (audited, unpinned from home); refuses one with subcategories or goods', async () => {
    const db = ctx.database.db;
    const shelf = await category({ en: 'QA shelf' });
    const sub = await category({ en: 'QA shelf sub' }, shelf.id);
    const stocked = await category({ en: 'QA stocked' });
    const owner = await createTestUser(db);
    const storeId = await createTestStore(db, owner.id);
    const { productId } = await createTestProduct(db, storeId, { isOnShelf: false });
    await db
      .update(products)
      .set({ categoryId: BigInt(stocked.id) })
      .where(eq(products.id, productId));

    const withChild = await call('DELETE', `/api/v1/admin/catalog/categories/${shelf.id}`, curator.token);
    expect(withChild.statusCode).toBe(409);
    expect(json<TErr>(withChild).error.code).toBe('CATEGORY_NOT_EMPTY');
    // Goods off shelf count too: the products table still points at the category.
    const withGoods = await call(
      'DELETE',
      `/api/v1/admin/catalog/categories/${stocked.id}?lang=de`,
      curator.token,
    );
    expect(withGoods.statusCode).toBe(409);
    expect(
      json<{ error: { code: string; message: string; details: object } }>(withGoods).error,
    ).toMatchObject({
      code: 'CATEGORY_NOT_EMPTY',
      details: { subcategories: 0, products: 1 },
    });
    const unknown = await call('DELETE', '/api/v1/admin/catalog/categories/999999999', curator.token);
    expect(unknown.statusCode).toBe(404);

    await call('PUT', '/api/v1/admin/catalog/home-pins/recommendCategories', curator.token, {
      targetIds: [sub.id],
    });
    const deleted = await call('DELETE', `/api/v1/admin/catalog/categories/${sub.id}`, curator.token);
    expect(deleted.statusCode, deleted.body).toBe(200);
    const pins = json<{ data: THomePins[] }>(
      await call('GET', '/api/v1/admin/catalog/home-pins', curator.token),
    );
    expect(pins.data.find((s) => s.section === 'recommendCategories')?.targetIds).not.toContain(sub.id);
    // Its parent is empty now and goes too.
    expect(
      (await call('DELETE', `/api/v1/admin/catalog/categories/${shelf.id}`, curator.token)).statusCode,
    ).toBe(200);
    const list = json<{ data: TAdminCategory[] }>(
      await call('GET', '/api/v1/admin/catalog/categories', curator.token),
    );
    expect(list.data.map((c) => c.id)).not.toContain(shelf.id);
    expect(list.data.map((c) => c.id)).toContain(stocked.id);
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'category.delete'), eq(auditLog.targetId, sub.id)));
    expect(audit!.details).toMatchObject({
      before: { names: { en: 'QA shelf sub' }, parentId: shelf.id },
      after: null,
      unpinnedFromHome: true,
    });
  });

  it('puts no subcategory under a category holding goods, and answers an edit with the real count of goods', async () => {
    const db = ctx.database.db;
    const leaf = await category({ en: 'QA T-shirts' });
    const spare = await category({ en: 'QA spare' });
    const owner = await createTestUser(db);
    const storeId = await createTestStore(db, owner.id);
    for (let i = 0; i < 2; i += 1) {
      const { productId } = await createTestProduct(db, storeId);
      await db
        .update(products)
        .set({ categoryId: BigInt(leaf.id) })
        .where(eq(products.id, productId));
    }
    const created = await call('POST', '/api/v1/admin/catalog/categories', curator.token, {
      names: { en: 'QA Sub of T-Shirts' },
      parentId: leaf.id,
    });
    expect(created.statusCode).toBe(409);
    expect(json<TErr>(created).error.code).toBe('CATEGORY_HAS_PRODUCTS');
    const moved = await call('PUT', `/api/v1/admin/catalog/categories/${spare.id}`, curator.token, {
      parentId: leaf.id,
    });
    expect(moved.statusCode).toBe(409);
    expect(json<TErr>(moved).error.code).toBe('CATEGORY_HAS_PRODUCTS');
    const list = json<{ data: TAdminCategory[] }>(
      await call('GET', '/api/v1/admin/catalog/categories', curator.token),
    );
    expect(list.data.filter((c) => c.parentId === leaf.id)).toEqual([]);
    expect(list.data.find((c) => c.id === spare.id)?.parentId).toBeNull();

    // The leaf itself can still move, with its goods: the answer counts them.
    const movedLeaf = await call('PUT', `/api/v1/admin/catalog/categories/${leaf.id}`, curator.token, {
      parentId: spare.id,
    });
    expect(movedLeaf.statusCode, movedLeaf.body).toBe(200);
    expect(json<TAdminCategory>(movedLeaf).productCount).toBe(2);
    const renamedParent = await call('PUT', `/api/v1/admin/catalog/categories/${spare.id}`, curator.token, {
      sort: 3,
    });
    expect(json<TAdminCategory>(renamedParent).productCount).toBe(2);
    const unchanged = await call('PUT', `/api/v1/admin/catalog/categories/${spare.id}`, curator.token, {});
    expect(json<TAdminCategory>(unchanged).productCount).toBe(2);
  });

  it('refuses a home section with the same id twice (400), and writes no audit entry for a save that changes nothing', async () => {
    const db = ctx.database.db;
    const pinned = await category({ en: 'QA pinned twice' });
    const twice = await call('PUT', '/api/v1/admin/catalog/home-pins/recommendCategories', curator.token, {
      targetIds: [pinned.id, pinned.id],
    });
    expect(twice.statusCode).toBe(400);
    expect(json<TErr>(twice).error.code).toBe('VALIDATION_FAILED');
    const audited = async () =>
      (
        await db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.action, 'home_pins.update'), eq(auditLog.targetId, 'newGoods')))
      ).length;
    const owner = await createTestUser(db);
    const storeId = await createTestStore(db, owner.id);
    const { productId } = await createTestProduct(db, storeId);
    const body = { targetIds: [String(productId)] };
    expect(
      (await call('PUT', '/api/v1/admin/catalog/home-pins/newGoods', curator.token, body)).statusCode,
    ).toBe(200);
    expect(await audited()).toBe(1);
    const again = await call('PUT', '/api/v1/admin/catalog/home-pins/newGoods', curator.token, body);
    expect(json<THomePins>(again).targetIds).toEqual([String(productId)]);
    expect(await audited()).toBe(1);
  });

  it('says the end must be after the start for a banner or activity scheduled backwards', async () => {
    for (const [url, body] of [
      ['/api/v1/admin/catalog/activities', { detailUrl: '/commodity' }],
      ['/api/v1/admin/catalog/banners', { titles: { en: 'QA' }, imageRef: 'x' }],
    ] as const) {
      const res = await call('POST', url, curator.token, {
        ...body,
        startsAt: '2027-02-01T00:00:00Z',
        endsAt: '2027-01-01T00:00:00Z',
      });
      expect(res.statusCode).toBe(400);
      const fields = json<{ error: { details: { fields: { field: string; message: string }[] } } }>(res).error
        .details.fields;
      expect(fields).toContainEqual({ field: 'endsAt', message: 'The end must be after the start' });
    }
  });
});
