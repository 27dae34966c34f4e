import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { banners, orders, reviews } from '../../db/schema';
import { fundUser } from '../../testing/fixtures';
import { buildMultipart, uploadTestImage } from '../../testing/multipart';
import { createTestApp, json, type TTestContext } from '../../testing/test-app';
import { createCategoryTree, createProduct, createStore, createUser } from '../catalog/test-fixtures';
import { shipOrder } from '../orders';
import { placeTestOrder } from '../orders/test-fixtures';
import { callLegacy, type TLegacy } from './test-fixtures';

type TNamed = { id: string; name: string };

const IMAGE = { url: '/uploads/img/x/banner-960.webp', width: 960, height: 400, srcset: '' };

describe('legacy catalogue, review and upload calls (SPEC §7)', () => {
  let ctx: TTestContext;
  let db: Database;
  let tree: Awaited<ReturnType<typeof createCategoryTree>>;
  let storeId: bigint;
  let lampId: bigint;
  let uploadDir: string;
  beforeAll(async () => {
    uploadDir = mkdtempSync(path.join(tmpdir(), 'caravan-legacy-uploads-'));
    ctx = await createTestApp({ UPLOAD_DIR: uploadDir });
    db = ctx.database.db;
    tree = await createCategoryTree(db);
    const owner = await createUser(db, 'legacyshopowner');
    storeId = await createStore(db, { ownerId: owner.id, name: 'Lamp Store', isRecommended: 1 });
    lampId = await createProduct(db, { storeId, categoryId: tree.shirts, names: { en: 'Desk Lamp' } });
    await createProduct(db, { storeId, categoryId: tree.jackets, names: { en: 'Rain Jacket' } });
    await db.insert(banners).values({ titles: { en: 'Spring sale', de: 'Frühlingsangebot' }, image: IMAGE });
  });
  afterAll(async () => {
    await ctx.close();
  });

  const call = <T = Record<string, unknown>>(action: string, params: Record<string, string>) =>
    callLegacy<T>(ctx.app, action, params);

  it('lists categories by parent, recommended ones, in-shop search, new goods, home and banners', async () => {
    const top = await call<{ categoryList: TNamed[] }>('category!list', {});
    expect(top.data.categoryList.map((c) => c.name)).toEqual(['Apparel', 'Kitchen']);
    const children = await call<{ categoryList: TNamed[] }>('category!list', { parentId: String(tree.mid) });
    expect(children.data.categoryList.map((c) => c.name)).toEqual(['T-Shirts', 'Jackets']);
    const unknown = await call<{ categoryList: TNamed[] }>('category!list', { parentId: '999999' });
    expect(unknown.data.categoryList).toEqual([]);
    const recommended = await call<{ categoryList: TNamed[] }>('category!recommend', { lang: 'de' });
    expect(recommended.data.categoryList.map((c) => c.name)).toEqual(['Bekleidung']);

    const inShop = await call<{ pageList: TNamed[]; total: number }>('sellerGoods!searchSellerGoods', {
      sellerId: String(storeId),
      keyword: 'lamp',
    });
    expect(inShop.data.total).toBe(1);
    expect(inShop.data.pageList.map((p) => p.id)).toEqual([String(lampId)]);
    const noShop = await call('sellerGoods!searchSellerGoods', { sellerId: '999999', keyword: 'lamp' });
    expect(noShop.code).toBe(1);

    const fresh = await call<{ pageList: TNamed[]; pageSize: number }>('sellerGoods!recommend_new', {});
    expect(fresh.data.pageSize).toBe(12);
    expect(fresh.data.pageList.map((p) => p.name).sort()).toEqual(['Desk Lamp', 'Rain Jacket']);
    const like = await call<{ pageList: TNamed[] }>('sellerGoods!recommend_like', { pageSize: '1' });
    expect(like.data.pageList).toHaveLength(1);

    const home = await call<{
      homeBanner: { title: string }[];
      banners: { title: string }[];
      newList: TNamed[];
      merchantList: TNamed[];
      categoryList: TNamed[];
    }>('index!home', { lang: 'de' });
    expect(home.code).toBe(0);
    expect(home.data.homeBanner.map((b) => b.title)).toEqual(['Frühlingsangebot']);
    expect(home.data.banners).toEqual(home.data.homeBanner);
    expect(home.data.newList).toHaveLength(2);
    expect(home.data.merchantList.map((s) => s.name)).toEqual(['Lamp Store']);
    const bannerList = await call<{ title: string; link: string }[]>('banner!bannerList', {});
    expect(bannerList.data.map((b) => b.title)).toEqual(['Spring sale']);
  });

  it('confirms receipt, reviews the order with evaluation!add and shows the logistics in orderLog!list', async () => {
    const buyer = await createUser(db, 'legacyreviewer');
    await fundUser(db, buyer.id, '100');
    const { orderNo } = await placeTestOrder(db, buyer.id, lampId);
    await shipOrder(db, { storeId, orderNo, carrier: 'DHL', trackingNo: 'JD0001' });

    const received = await call<{ orderInfo: { status: number } }>('order!receipt', {
      token: buyer.token,
      orderNo,
    });
    expect(received.data.orderInfo.status).toBe(4);
    const log = await call<{ list: { type: string; content: string }[] }>('orderLog!list', {
      token: buyer.token,
      orderNo,
    });
    expect(log.data.list.map((e) => e.type)).toEqual([
      'status',
      'status',
      'status',
      'status',
      'logistics',
      'status',
    ]);
    expect(log.data.list.find((e) => e.type === 'logistics')?.content).toBe('DHL JD0001');

    const review = await call<{ orderInfo: { status: number; review: { rating: string; content: string } } }>(
      'evaluation!add',
      {
        token: buyer.token,
        orderNo,
        evaluationType: '1',
        content: 'Bright and sturdy',
        imgUrl1: await uploadTestImage(ctx.app, buyer.token),
      },
    );
    expect(review.data.orderInfo).toMatchObject({
      status: 5,
      review: { rating: 'good', content: 'Bright and sturdy' },
    });
    const stored = await db.select().from(reviews).where(eq(reviews.productId, lampId));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ rating: 'good', content: 'Bright and sturdy' });
    const [row] = await db.select().from(orders).where(eq(orders.orderNo, orderNo));
    expect(row?.status).toBe(5);
    const twice = await call('evaluation!add', { token: buyer.token, orderNo, evaluationType: '1' });
    expect(twice.code).toBe(1);
    const counts = await call('evaluation!countType', { sellerGoodsId: String(lampId) });
    expect(counts.data).toMatchObject({ all: 1, good: 1 });
  });

  it('uploads an image as multipart and answers its address in data.data', async () => {
    const buyer = await createUser(db, 'legacyuploader');
    const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    const { headers, payload } = buildMultipart(png, 'a.png', 'image/png');
    const upload = (query: string, body: Buffer) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/uploadimg!execute.action?${query}`,
        headers,
        payload: body,
      });
    const res = await upload(`token=${buyer.token}`, payload);
    const answer = json<TLegacy<{ data: string; url: string; width: number }>>(res);
    expect(answer.code).toBe(0);
    expect(answer.data.data).toMatch(/^\/uploads\/img\/[0-9a-f]{2}\/[0-9a-f]{32}-300\.webp$/);
    expect(answer.data).toMatchObject({ url: answer.data.data, width: 300 });
    expect(existsSync(path.join(uploadDir, answer.data.data.replace(/^\/uploads\//, '')))).toBe(true);

    const notImage = Buffer.from(payload.toString('latin1').replace(/\x89PNG/, 'XXXX'), 'latin1');
    const refused = json<TLegacy>(await upload(`token=${buyer.token}`, notImage));
    expect(refused.code).toBe(1);
    const visitor = json<TLegacy>(await upload('', payload));
    expect(visitor.code).toBe(403);
  });
});
