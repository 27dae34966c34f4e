import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TImportJob, TSettlementStatement } from '@caravan/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, stores } from '../../db/schema';
import { createTestStaff } from '../../testing/fixtures';
import { buildMultipart, uploadTestImage } from '../../testing/multipart';
import { bearer, createTestApp, json, type TTestContext } from '../../testing/test-app';
import { createCategoryTree, createProduct } from '../catalog/test-fixtures';
import { receiveOrder, settleCompletedOrders, shipOrder } from '../orders';
import {
  createTestProduct,
  createTestStore,
  createTestUser,
  fundUser,
  placeTestOrder,
  setParam,
  type TTestUser,
} from '../orders/test-fixtures';

type TError = { error: { code: string; message: string } };
type TAction = { orderInfo: { status: number; history: { event: string; message: string }[] } };

let ctx: TTestContext;
let tree: Awaited<ReturnType<typeof createCategoryTree>>;

beforeAll(async () => {
  ctx = await createTestApp({ UPLOAD_DIR: mkdtempSync(path.join(tmpdir(), 'caravan-qa-seller-')) });
  tree = await createCategoryTree(ctx.database.db);
});
afterAll(async () => {
  await ctx.close();
});

const post = (url: string, token: string, payload?: object, headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'POST',
    url,
    headers: { ...bearer(token), ...headers },
    ...(payload ? { payload } : {}),
  });
const get = (url: string, token: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(token) });

async function shopWithBuyer(name: string) {
  const db = ctx.database.db;
  const seller = await createTestUser(db);
  const storeId = await createTestStore(db, seller.id, name);
  const { productId } = await createTestProduct(db, storeId, { price: '20', stock: 100 });
  const buyer = await createTestUser(db);
  await fundUser(db, buyer.id, '1000');
  return { seller, storeId, productId, buyer };
}

describe("the seller's product list by category", () => {
  it('takes in everything under a first- or second-level category, as the filter offers them (QA: "Clothing" was empty)', async () => {
    const db = ctx.database.db;
    const tree = await createCategoryTree(db);
    const seller = await createTestUser(db);
    const storeId = await createTestStore(db, seller.id, 'Category filter shop');
    const shirt = await createProduct(db, { storeId, categoryId: tree.shirts, names: { en: 'Shirt' } });
    const jacket = await createProduct(db, { storeId, categoryId: tree.jackets, names: { en: 'Jacket' } });
    const pan = await createProduct(db, { storeId, categoryId: tree.other, names: { en: 'Pan' } });
    const idsIn = async (categoryId: bigint) =>
      json<{ pageList: { id: string }[] }>(
        await get(`/api/v1/seller/products?categoryId=${categoryId}`, seller.sellerToken),
      )
        .pageList.map((p) => p.id)
        .sort();
    const ids = (...list: bigint[]) => list.map(String).sort();
    expect(await idsIn(tree.top)).toEqual(ids(shirt, jacket));
    expect(await idsIn(tree.mid)).toEqual(ids(shirt, jacket));
    expect(await idsIn(tree.shirts)).toEqual(ids(shirt));
    expect(await idsIn(tree.other)).toEqual(ids(pan));
  });
});

describe('seller and console searches fold accents like the storefront (QA seller 2)', () => {
  it('finds a Spanish name typed with or without its accents, in the seller list, the console and home pins', async () => {
    const db = ctx.database.db;
    const seller = await createTestUser(db);
    const storeId = await createTestStore(db, seller.id, 'Café Ñandú Electrónica');
    const { productId } = await createTestProduct(db, storeId);
    await db
      .update(products)
      .set({ names: { en: 'Silicone chargers', es: 'Cargadores de silicona portátil' } })
      .where(eq(products.id, productId));
    const totalOf = async (keyword: string) =>
      json<{ total: number }>(
        await get(
          `/api/v1/seller/products?keyword=${encodeURIComponent(keyword)}&lang=es`,
          seller.sellerToken,
        ),
      ).total;
    expect(await totalOf('portatil')).toBe(1);
    expect(await totalOf('portátil')).toBe(1);
    expect(await totalOf('PORTÁTIL')).toBe(1);
    expect(await totalOf('Cargadores de silicona portátil')).toBe(1);
    expect(await totalOf('portátiles')).toBe(0);
    // Wildcards stay literal.
    expect(await totalOf('port%til')).toBe(0);

    const staff = await createTestStaff(db, ['catalog.manage', 'merchants.review']);
    const adminProducts = json<{ pageList: { id: string }[] }>(
      await get(`/api/v1/admin/products?keyword=${encodeURIComponent('silicona portátil')}`, staff.token),
    );
    expect(adminProducts.pageList.map((p) => p.id)).toEqual([String(productId)]);
    const adminStores = json<{ pageList: { id: string }[] }>(
      await get(`/api/v1/admin/stores?keyword=${encodeURIComponent('cafe nandu')}`, staff.token),
    );
    expect(adminStores.pageList.map((s) => s.id)).toEqual([String(storeId)]);
    const storeIdOf = (await db.select({ id: stores.id }).from(stores).where(eq(stores.id, storeId)))[0]!.id;
    const pins = json<{ data: { id: string }[] }>(
      await get(
        `/api/v1/admin/catalog/home-pins/candidates?section=recommendStores&keyword=${encodeURIComponent('ÑANDU')}`,
        staff.token,
      ),
    );
    expect(pins.data.map((s) => s.id)).toContain(String(storeIdOf));
    const goodsPins = json<{ data: { id: string }[] }>(
      await get(
        `/api/v1/admin/catalog/home-pins/candidates?section=recommendGoods&keyword=${encodeURIComponent('silicona portatil')}`,
        staff.token,
      ),
    );
    expect(goodsPins.data.map((p) => p.id)).toContain(String(productId));
  });
});

describe('order actions (QA seller 6, 8, 9)', () => {
  let shop: Awaited<ReturnType<typeof shopWithBuyer>>;
  beforeAll(async () => {
    shop = await shopWithBuyer('Idempotent Shop');
  });
  const paidOrder = async () =>
    (await placeTestOrder(ctx.database.db, shop.buyer.id, shop.productId, { quantity: 1 })).orderNo;
  const sellerPost = (url: string, payload?: object, key?: string) =>
    post(url, shop.seller.sellerToken, payload, key ? { 'idempotency-key': key } : {});

  it('the history says the seller shipped the order, not the system', async () => {
    const orderNo = await paidOrder();
    const res = await sellerPost(`/api/v1/seller/orders/${orderNo}/ship?lang=en`, {
      carrier: 'DHL',
      trackingNo: 'HIST-1',
    });
    expect(res.statusCode, res.body).toBe(200);
    const messages = json<TAction>(res).orderInfo.history.map((h) => h.message);
    expect(messages).toContain('The seller has shipped the order');
    expect(messages.join('\n')).not.toContain('The system');
    const es = json<TAction>(await get(`/api/v1/seller/orders/${orderNo}?lang=es`, shop.seller.sellerToken));
    expect(es.orderInfo.history.map((h) => h.message)).toContain('El vendedor ha enviado el pedido');
  });

  it('replays ship, tracking and confirm retried with the same Idempotency-Key; a repeat without one says why', async () => {
    const orderNo = await paidOrder();
    const confirm = await sellerPost(
      `/api/v1/seller/orders/${orderNo}/confirm`,
      undefined,
      'confirm-1-abcdef',
    );
    expect(confirm.statusCode, confirm.body).toBe(200);
    const confirmAgain = await sellerPost(
      `/api/v1/seller/orders/${orderNo}/confirm`,
      undefined,
      'confirm-1-abcdef',
    );
    expect(confirmAgain.statusCode, confirmAgain.body).toBe(200);
    expect(confirmAgain.headers['idempotent-replayed']).toBe('true');
    const confirmNoKey = await sellerPost(`/api/v1/seller/orders/${orderNo}/confirm?lang=en`);
    expect(confirmNoKey.statusCode).toBe(409);
    expect(json<TError>(confirmNoKey).error).toMatchObject({
      code: 'ORDER_ALREADY_CONFIRMED',
      message: 'This order has already been confirmed',
    });

    const ship = { carrier: 'DHL', trackingNo: 'IDEM-1' };
    const first = await sellerPost(`/api/v1/seller/orders/${orderNo}/ship`, ship, 'ship-1-xxxxxxxx');
    expect(first.statusCode, first.body).toBe(200);
    const retry = await sellerPost(`/api/v1/seller/orders/${orderNo}/ship`, ship, 'ship-1-xxxxxxxx');
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    const noKey = await sellerPost(`/api/v1/seller/orders/${orderNo}/ship?lang=es`, ship);
    expect(noKey.statusCode).toBe(409);
    expect(json<TError>(noKey).error).toMatchObject({
      code: 'ORDER_ALREADY_SHIPPED',
      message: 'Este pedido ya se ha enviado',
    });
    const confirmShipped = await sellerPost(`/api/v1/seller/orders/${orderNo}/confirm`);
    expect(json<TError>(confirmShipped).error.code).toBe('ORDER_ALREADY_SHIPPED');

    const tracking = { carrier: 'UPS', trackingNo: 'IDEM-2' };
    const fixed = await sellerPost(`/api/v1/seller/orders/${orderNo}/tracking`, tracking, 'track-1-xxxxxxxx');
    expect(fixed.statusCode, fixed.body).toBe(200);
    const fixedAgain = await sellerPost(
      `/api/v1/seller/orders/${orderNo}/tracking`,
      tracking,
      'track-1-xxxxxxxx',
    );
    expect(fixedAgain.statusCode, fixedAgain.body).toBe(200);
    expect(fixedAgain.headers['idempotent-replayed']).toBe('true');
  });

  it('replays a refund rejection, and a decision on a decided request says it was approved or rejected', async () => {
    const askRefund = async (orderNo: string) => {
      const asked = await post(`/api/v1/orders/${orderNo}/refund`, shop.buyer.token, {
        reason: 8,
        amount: '20',
      });
      expect(asked.statusCode, asked.body).toBe(200);
    };
    const rejected = await paidOrder();
    await askRefund(rejected);
    const reject = { reason: 'Already packed' };
    const no = await sellerPost(
      `/api/v1/seller/orders/${rejected}/refund/reject`,
      reject,
      'reject-1-xxxxxxx',
    );
    expect(no.statusCode, no.body).toBe(200);
    const noAgain = await sellerPost(
      `/api/v1/seller/orders/${rejected}/refund/reject`,
      reject,
      'reject-1-xxxxxxx',
    );
    expect(noAgain.statusCode, noAgain.body).toBe(200);
    expect(noAgain.headers['idempotent-replayed']).toBe('true');
    const approveRejected = await sellerPost(`/api/v1/seller/orders/${rejected}/refund/approve?lang=en`);
    expect(approveRejected.statusCode).toBe(409);
    expect(json<TError>(approveRejected).error).toMatchObject({
      code: 'REFUND_ALREADY_REJECTED',
      message: 'This refund request has already been rejected',
    });

    const approved = await paidOrder();
    await askRefund(approved);
    expect((await sellerPost(`/api/v1/seller/orders/${approved}/refund/approve`)).statusCode).toBe(200);
    const twice = await sellerPost(`/api/v1/seller/orders/${approved}/refund/approve?lang=ru`);
    expect(twice.statusCode).toBe(409);
    expect(json<TError>(twice).error).toMatchObject({
      code: 'REFUND_ALREADY_APPROVED',
      message: 'Этот возврат уже одобрен',
    });
    const rejectApproved = await sellerPost(`/api/v1/seller/orders/${approved}/refund/reject`, reject);
    expect(json<TError>(rejectApproved).error.code).toBe('REFUND_ALREADY_APPROVED');
  });

  it('a body-less POST sent as JSON is told to send {} rather than "Illegal request"', async () => {
    const orderNo = await paidOrder();
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/seller/orders/${orderNo}/confirm?lang=en`,
      headers: { ...bearer(shop.seller.sellerToken), 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    const { error } = json<TError>(res);
    expect(error.code).toBe('JSON_BODY_EMPTY');
    expect(error.message).toContain('send {}');
    const es = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/seller/orders/${orderNo}/confirm?lang=es`,
      headers: { ...bearer(shop.seller.sellerToken), 'content-type': 'application/json' },
    });
    expect(json<TError>(es).error.message).toContain('envíe {}');
  });
});

describe("another shop's picture (QA seller 10)", () => {
  it('is refused as not owned, not as "upload it to this platform first"', async () => {
    const db = ctx.database.db;
    const owner = await createTestUser(db);
    await createTestStore(db, owner.id, 'Picture Owner');
    const other = await createTestUser(db);
    await createTestStore(db, other.id, 'Picture Borrower');
    const theirs = await uploadTestImage(ctx.app, owner.token);
    const mine = await uploadTestImage(ctx.app, other.token);
    const body = (images: string[]) => ({
      categoryId: String(tree.shirts),
      names: { en: 'Borrowed picture shirt' },
      descriptions: { en: 'A shirt.' },
      images,
      sellingPrice: '12',
      attributes: [],
      variants: [],
    });
    const res = await post('/api/v1/seller/products?lang=en', other.sellerToken, body([mine, theirs]));
    expect(res.statusCode).toBe(400);
    expect(json<TError>(res).error).toMatchObject({
      code: 'IMAGE_NOT_OWNED',
      message: 'Please upload the image again; only your own uploads can be used',
    });
    // An address that is no upload of this platform keeps its own message.
    const foreign = await post(
      '/api/v1/seller/products',
      other.sellerToken,
      body([mine, '/uploads/img/ab/0123456789abcdef0123456789abcdef-800.webp']),
    );
    expect(json<TError>(foreign).error.code).toBe('IMAGE_REFERENCE_INVALID');
    const ok = await post('/api/v1/seller/products', other.sellerToken, body([mine]));
    expect(ok.statusCode, ok.body).toBe(200);
  });
});

describe('settlement (QA seller 3, 13)', () => {
  it('dates a line on the clock of the order (the test clock too) and labels the order amount as such', async () => {
    const db = ctx.database.db;
    await setParam(db, 'commission_rate', '0.08');
    await setParam(db, 'order_settle_days', '0');
    const shop = await shopWithBuyer('Clocked Shop');
    const order = await placeTestOrder(db, shop.buyer.id, shop.productId, { quantity: 1 });
    await shipOrder(db, {
      storeId: shop.storeId,
      orderNo: order.orderNo,
      carrier: 'DHL',
      trackingNo: 'CLK-1',
    });
    await receiveOrder(db, { userId: shop.buyer.id, orderNo: order.orderNo });
    // The test clock some minutes ahead of the ledger's wall clock (same month but for the last minutes of one).
    const clock = new Date(Date.now() + 7 * 60_000);
    clock.setUTCMilliseconds(0);
    expect(await settleCompletedOrders(db, clock)).toBeGreaterThanOrEqual(1);
    const month = new Date().toISOString().slice(0, 7);
    const statement = json<TSettlementStatement>(
      await get(`/api/v1/seller/settlement?month=${month}`, shop.seller.sellerToken),
    );
    expect(statement.lines.pageList).toEqual([
      expect.objectContaining({ orderNo: order.orderNo, settledAt: clock.toISOString() }),
    ]);
    const csv = await get(
      `/api/v1/seller/settlement/statement.csv?month=${month}&lang=en`,
      shop.seller.sellerToken,
    );
    const [header, line] = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(header!.split(',')[2]).toBe('Order amount incl. shipping (USDT)');
    expect(line!.split(',')[1]).toBe(clock.toISOString());
    const es = await get(
      `/api/v1/seller/settlement/statement.csv?month=${month}&lang=es`,
      shop.seller.sellerToken,
    );
    expect(es.body).toContain('Importe del pedido con envío (USDT)');
  });
});

describe('import of rows without a product code (QA seller 7)', () => {
  async function importCsv(user: TTestUser, csv: string): Promise<TImportJob> {
    const body = buildMultipart(Buffer.from(csv), 'p.csv', 'text/csv');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/seller/products/import',
      headers: { ...body.headers, ...bearer(user.sellerToken) },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = json<TImportJob>(res).id;
    for (let i = 0; i < 600; i += 1) {
      const job = json<TImportJob>(await get(`/api/v1/seller/products/import/${id}`, user.sellerToken));
      if (job.status !== 'running') {
        return job;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('import did not finish');
  }

  it('counts the products created from rows without a product_code, at every import of the same file', async () => {
    const db = ctx.database.db;
    const seller = await createTestUser(db);
    await createTestStore(db, seller.id, 'Codeless Shop');
    const picture = await uploadTestImage(ctx.app, seller.token);
    const csv = [
      'product_code,name_en,category_id,selling_price,stock,images',
      `,No code,${tree.shirts},10,5,${picture}`,
      `WITH-CODE,With code,${tree.shirts},11,6,${picture}`,
    ].join('\n');
    const first = await importCsv(seller, csv);
    expect(first).toMatchObject({ status: 'done', createdProducts: 2, createdWithoutCode: 1 });
    const second = await importCsv(seller, csv);
    expect(second).toMatchObject({
      status: 'done',
      createdProducts: 1,
      updatedProducts: 1,
      createdWithoutCode: 1,
    });
    const coded = await importCsv(
      seller,
      csv
        .split('\n')
        .filter((l) => !l.startsWith(','))
        .join('\n'),
    );
    expect(coded).toMatchObject({ status: 'done', createdWithoutCode: 0 });
  });
});
