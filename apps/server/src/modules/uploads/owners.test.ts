import { formatMoney } from '@caravan/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedWalletBasics } from '../../db/seed/wallet';
import { uploadTestImage } from '../../testing/multipart';
import { bearer, createTestApp, json, type TTestContext } from '../../testing/test-app';
import { createAddress } from '../addresses';
import { callLegacy } from '../legacy/test-fixtures';
import { receiveOrder, shipOrder } from '../orders';
import {
  createTestProduct,
  createTestStore,
  createTestUser,
  fundUser,
  placeTestOrder,
  TEST_ADDRESS,
  type TTestUser,
} from '../orders/test-fixtures';

type TErr = { error: { code: string; message: string } };

/** Issue 10, defect 7: image fields take only the platform's own upload references, the uploader's own. */
describe('image fields accept only the caller’s own uploads', () => {
  let ctx: TTestContext;
  let buyer: TTestUser;
  let stranger: TTestUser;
  let productId: bigint;
  let storeId: bigint;

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    await seedWalletBasics(db);
    const seller = await createTestUser(db);
    storeId = await createTestStore(db, seller.id, 'Picture shop');
    ({ productId } = await createTestProduct(db, storeId, { price: '10', stock: 100 }));
    buyer = await createTestUser(db);
    stranger = await createTestUser(db);
    await createAddress(db, buyer.id, TEST_ADDRESS);
    await fundUser(db, buyer.id, '500');
  });
  afterAll(async () => {
    await ctx.close();
  });

  const post = (url: string, token: string, payload: object) =>
    ctx.app.inject({ method: 'POST', url, headers: bearer(token), payload });

  it('refuses javascript:, outside URLs and other users’ uploads in reviews, refunds and certificates', async () => {
    const db = ctx.database.db;
    const own = await uploadTestImage(ctx.app, buyer.token);
    const others = await uploadTestImage(ctx.app, stranger.token);
    const hostile = [
      'javascript:alert(1)',
      'https://tracker.example/pixel.gif',
      '//tracker.example/p.webp',
      '/uploads/img/ab/../../../etc/passwd',
      'data:image/png;base64,AAAA',
    ];

    // Refund before shipping.
    const { orderNo: refundNo, total: refundTotal } = await placeTestOrder(db, buyer.id, productId);
    for (const bad of hostile) {
      const res = await post(`/api/v1/orders/${refundNo}/refund`, buyer.token, {
        reason: 8,
        amount: '1',
        images: [bad],
      });
      expect(res.statusCode, bad).toBe(400);
    }
    const stolen = await post(`/api/v1/orders/${refundNo}/refund`, buyer.token, {
      reason: 8,
      amount: '1',
      images: [own, others],
    });
    expect(stolen.statusCode).toBe(400);
    expect(json<TErr>(stolen).error.code).toBe('IMAGE_REFERENCE_INVALID');
    const ok = await post(`/api/v1/orders/${refundNo}/refund`, buyer.token, {
      reason: 8,
      // Before shipping a refund is of everything paid.
      amount: formatMoney(refundTotal),
      images: [own],
    });
    expect(ok.statusCode).toBe(200);

    // Review of a received order, by v1 and by the old call.
    const { orderNo } = await placeTestOrder(db, buyer.id, productId);
    await shipOrder(db, { storeId, orderNo, carrier: 'DHL', trackingNo: 'JD0001' });
    await receiveOrder(db, { userId: buyer.id, orderNo });
    for (const bad of [...hostile, others]) {
      const res = await post(`/api/v1/orders/${orderNo}/review`, buyer.token, {
        rating: 'good',
        content: 'Nice',
        images: [bad],
      });
      expect(res.statusCode, bad).toBe(400);
    }
    const legacy = await callLegacy(ctx.app, 'evaluation!add', {
      token: buyer.token,
      orderNo,
      evaluationType: '1',
      content: 'Nice',
      imgUrl1: others,
    });
    expect(legacy.code).toBe(1);
    const reviewed = await post(`/api/v1/orders/${orderNo}/review`, buyer.token, {
      rating: 'good',
      content: 'Nice',
      images: [own],
    });
    expect(reviewed.statusCode).toBe(200);

    // Recharge certificate.
    for (const bad of [...hostile, others]) {
      const res = await post('/api/v1/wallet/recharges', buyer.token, {
        channelCode: 'USDT-TRC20',
        amount: '10',
        certificateUrl: bad,
      });
      expect(res.statusCode, bad).toBe(400);
    }
    const recharge = await post('/api/v1/wallet/recharges', buyer.token, {
      channelCode: 'USDT-TRC20',
      amount: '10',
      certificateUrl: own,
    });
    expect(recharge.statusCode).toBe(201);
  });
});
