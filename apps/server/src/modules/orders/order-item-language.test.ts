import type { TOrderInfo, TOrderPage } from '@caravan/contracts';

type TOrderDetailResponse = { orderInfo: TOrderInfo };

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems, products } from '../../db/schema';
import { createTestStaff, fundUser } from '../../testing/fixtures';
import { bearer, createTestApp, type TTestContext } from '../../testing/test-app';
import { createTestProduct, createTestStore, createTestUser, placeTestOrder } from './test-fixtures';

/**
 * An order's goods keep two names: as the buyer read them at checkout, and in the language the seller wrote the
 * product in. A seller was shown an Arabic buyer's "أخضر / S" and could not tell which colour to pack.
 */
describe("an order's goods in the buyer's and in the seller's language", () => {
  let ctx: TTestContext;
  let orderNo: string;
  let buyerToken: string;
  let sellerToken: string;
  let staffToken: string;

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    const buyer = await createTestUser(db);
    const seller = await createTestUser(db);
    buyerToken = buyer.token;
    sellerToken = seller.sellerToken;
    staffToken = (await createTestStaff(db, ['orders.manage'])).token;
    const storeId = await createTestStore(db, seller.id, 'Wool house');
    const { productId, variantIds } = await createTestProduct(db, storeId, {
      price: '24',
      variants: [{ price: null, stock: 10 }],
    });
    await db
      .update(products)
      .set({
        lang: 'en',
        names: { en: 'Eco Wool Jacket', ar: 'سترة صوف صديقة للبيئة' },
        attributes: [
          {
            code: 'size',
            names: { en: 'Colour', ar: 'اللون' },
            values: [{ code: 's0', names: { en: 'Green', ar: 'أخضر' } }],
          },
        ],
      })
      .where(eq(products.id, productId));
    await fundUser(db, buyer.id, '100');
    ({ orderNo } = await placeTestOrder(db, buyer.id, productId, { lang: 'ar', variantId: variantIds[0] }));
  });
  afterAll(async () => {
    await ctx.close();
  });

  const get = async <T>(url: string, token: string): Promise<T> => {
    const res = await ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as T;
  };
  const itemOf = (page: TOrderPage) => page.pageList.find((o) => o.orderNo === orderNo)?.items[0];

  it('the buyer reads them as at checkout', async () => {
    const detail = await get<TOrderDetailResponse>(`/api/v1/orders/${orderNo}?lang=en`, buyerToken);
    expect(detail.orderInfo.items[0]).toMatchObject({ name: 'سترة صوف صديقة للبيئة', specification: 'أخضر' });
  });

  it('the seller and staff read them in the language the seller wrote the product in', async () => {
    const expected = { name: 'Eco Wool Jacket', specification: 'Green' };
    expect(itemOf(await get<TOrderPage>('/api/v1/seller/orders', sellerToken))).toMatchObject(expected);
    const sellerDetail = await get<TOrderDetailResponse>(`/api/v1/seller/orders/${orderNo}`, sellerToken);
    expect(sellerDetail.orderInfo.items[0]).toMatchObject(expected);
    expect(
      itemOf(await get<TOrderPage>(`/api/v1/admin/orders?orderNo=${orderNo}`, staffToken)),
    ).toMatchObject(expected);
    const staffDetail = await get<TOrderDetailResponse>(`/api/v1/admin/orders/${orderNo}`, staffToken);
    expect(staffDetail.orderInfo.items[0]).toMatchObject(expected);
  });

  it('an order placed before the seller-language name was kept shows its one name to everyone', async () => {
    await ctx.database.db.update(orderItems).set({ nameForSeller: null, specificationForSeller: null });
    const sellerDetail = await get<TOrderDetailResponse>(`/api/v1/seller/orders/${orderNo}`, sellerToken);
    expect(sellerDetail.orderInfo.items[0]).toMatchObject({
      name: 'سترة صوف صديقة للبيئة',
      specification: 'أخضر',
    });
  });
});
