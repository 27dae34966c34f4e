import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type {
  TAdminMerchantApplication,
  TImage,
  TMerchantApplication,
  TMerchantDocument,
  TProductRequest,
  TSellerProductDetail,
  TSellerProductsResponse,
} from '@caravan/contracts';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, merchantApplications, reviews, stores, uploadUsage, users } from '../../db/schema';
import { createTestStaff, createTestUser } from '../../testing/fixtures';
import { buildMultipart } from '../../testing/multipart';
import { bearer, createTestApp, json, type TTestContext } from '../../testing/test-app';
import { createSession } from '../auth';
import { foldSalesTally } from '../catalog';
import { createCategoryTree } from '../catalog/test-fixtures';
import { placeTestOrder } from '../orders/test-fixtures';
import { countWaitingMerchantApplications } from './index';

type TError = { error: { code: string; details?: Record<string, unknown> } };

let ctx: TTestContext;
let uploadDir: string;
let tree: Awaited<ReturnType<typeof createCategoryTree>>;
let colour = 0;

beforeAll(async () => {
  uploadDir = mkdtempSync(path.join(tmpdir(), 'caravan-sellers-'));
  ctx = await createTestApp({ UPLOAD_DIR: uploadDir });
  tree = await createCategoryTree(ctx.database.db);
});
afterAll(async () => {
  await ctx.close();
});

async function uploadImage(token: string): Promise<TImage> {
  colour += 1;
  const png = await sharp({
    create: { width: 320, height: 320, channels: 3, background: { r: colour % 256, g: 90, b: 120 } },
  })
    .png()
    .toBuffer();
  const body = buildMultipart(png, 'p.png', 'image/png', 'goods');
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/uploads',
    headers: { ...body.headers, ...bearer(token) },
    payload: body.payload,
  });
  expect(res.statusCode).toBe(200);
  return json<TImage>(res);
}

async function uploadDocument(token: string, picture?: Buffer): Promise<TMerchantDocument> {
  colour += 1;
  const png =
    picture ??
    (await sharp({
      create: { width: 640, height: 420, channels: 3, background: { r: colour % 256, g: 40, b: 60 } },
    })
      .png()
      .toBuffer());
  const body = buildMultipart(png, 'licence.png', 'image/png', 'merchant');
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/merchant/documents',
    headers: { ...body.headers, ...bearer(token) },
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return json<TMerchantDocument>(res);
}

/** Every file under the upload directory (the public /uploads path). */
function publicFiles(): string[] {
  return readdirSync(uploadDir, { recursive: true, encoding: 'utf8' }).sort();
}

async function sellerSession(userId: bigint): Promise<string> {
  return (await createSession(ctx.database.db, { audience: 'seller', userId, ttlHours: 1 })).token;
}

/** The recipient's notifications (newest first) as event and params, read through the API. */
async function noticesOf(
  token: string,
  audience: 'buyer' | 'seller',
): Promise<{ event: string; params: Record<string, string> }[]> {
  const res = await ctx.app.inject({
    method: 'GET',
    url: audience === 'buyer' ? '/api/v1/notifications' : '/api/v1/seller/notifications',
    headers: bearer(token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return json<{ pageList: { event: string; params: Record<string, string> }[] }>(res).pageList.map((n) => ({
    event: n.event,
    params: n.params,
  }));
}

/** A buyer applies, staff approve; answers the seller's session and store id. */
async function openShop(
  name: string,
): Promise<{ userId: bigint; buyerToken: string; token: string; storeId: string }> {
  const buyer = await createTestUser(ctx.database.db);
  const doc = await uploadDocument(buyer.token);
  const applied = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/merchant/application',
    headers: bearer(buyer.token),
    payload: {
      shopName: name,
      categoryIds: [String(tree.shirts)],
      contactEmail: 'shop@example.com',
      contactPhone: '+4915112345678',
      country: 'de',
      description: 'We sell shirts',
      documents: [doc.id],
    },
  });
  expect(applied.statusCode, applied.body).toBe(200);
  const staff = await createTestStaff(ctx.database.db, ['merchants.review']);
  const approved = await ctx.app.inject({
    method: 'POST',
    url: `/api/v1/admin/merchant-applications/${json<TMerchantApplication>(applied).id}/approve`,
    headers: bearer(staff.token),
  });
  expect(approved.statusCode, approved.body).toBe(200);
  const storeId = json<TMerchantApplication>(approved).storeId!;
  return { userId: buyer.id, buyerToken: buyer.token, token: await sellerSession(buyer.id), storeId };
}

async function productBody(
  token: string,
  overrides: Partial<TProductRequest> = {},
): Promise<TProductRequest> {
  const images = await Promise.all([uploadImage(token), uploadImage(token), uploadImage(token)]);
  return {
    categoryId: String(tree.shirts),
    names: { en: 'Linen harbour shirt', de: 'Leinen Hafenhemd' },
    descriptions: { en: 'Breathable linen.', de: 'Atmungsaktives Leinen.' },
    images: images.map((i) => i.url),
    sellingPrice: '25.50',
    attributes: [{ name: 'Colour', values: ['Sand', 'Navy'] }],
    variants: [
      { values: ['Sand'], price: null, stock: 7, code: 'LHS-SAND' },
      { values: ['Navy'], price: '27', stock: 5, code: 'LHS-NAVY' },
    ],
    ...overrides,
  };
}

describe('becoming a merchant', () => {
  it('applies, refuses a second application and a taken name, and staff approve into a shop', async () => {
    const buyer = await createTestUser(ctx.database.db);
    const doc = await uploadDocument(buyer.token);
    const body = {
      shopName: 'Harbour Linen',
      categoryIds: [String(tree.shirts)],
      contactEmail: 'harbour@example.com',
      contactPhone: '+4915112345678',
      country: 'DE',
      documents: [doc.id],
    };
    const before = await countWaitingMerchantApplications(ctx.database.db);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/merchant/application',
      headers: bearer(buyer.token),
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(200);
    const application = json<TMerchantApplication>(res);
    expect(application).toMatchObject({ status: 'submitted', shopName: 'Harbour Linen', country: 'DE' });
    expect(application.documents).toEqual([doc]);
    expect(await countWaitingMerchantApplications(ctx.database.db)).toBe(before + 1);

    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/merchant/application',
      headers: bearer(buyer.token),
      payload: body,
    });
    expect(json<TError>(again).error.code).toBe('MERCHANT_APPLICATION_PENDING');

    const other = await createTestUser(ctx.database.db);
    const otherDoc = await uploadDocument(other.token);
    const clash = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/merchant/application',
      headers: bearer(other.token),
      payload: { ...body, shopName: 'HARBOUR linen', documents: [otherDoc.id] },
    });
    expect(json<TError>(clash).error.code).toBe('SHOP_NAME_TAKEN');

    const outside = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/merchant/application',
      headers: bearer(other.token),
      payload: { ...body, shopName: 'Elsewhere', documents: ['https://evil.example/x.png'] },
    });
    expect(outside.statusCode).toBe(400);

    // Staff without merchants.review cannot decide.
    const finance = await createTestStaff(ctx.database.db, ['finance.review']);
    const refused = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/admin/merchant-applications/${application.id}/approve`,
      headers: bearer(finance.token),
    });
    expect(refused.statusCode).toBe(403);

    const reviewer = await createTestStaff(ctx.database.db, ['merchants.review']);
    const queue = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/admin/merchant-applications?status=submitted',
      headers: bearer(reviewer.token),
    });
    expect(json<{ pageList: { id: string }[] }>(queue).pageList.map((a) => a.id)).toContain(application.id);
    // Opening it marks it reviewing; the default queue (waiting) still lists it, the submitted filter no longer.
    const listed = async (status: string) =>
      json<{ pageList: { id: string; status: string }[] }>(
        await ctx.app.inject({
          method: 'GET',
          url: `/api/v1/admin/merchant-applications?status=${status}`,
          headers: bearer(reviewer.token),
        }),
      ).pageList.map((a) => a.id);
    const opened = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/admin/merchant-applications/${application.id}/review`,
      headers: bearer(reviewer.token),
    });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(await listed('waiting')).toContain(application.id);
    expect(await listed('reviewing')).toContain(application.id);
    expect(await listed('submitted')).not.toContain(application.id);

    const sellerLoginBefore = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/seller/products',
      headers: bearer(await sellerSession(buyer.id)),
    });
    expect(json<TError>(sellerLoginBefore).error.code).toBe('NOT_A_SELLER');

    const approved = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/admin/merchant-applications/${application.id}/approve`,
      headers: bearer(reviewer.token),
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const storeId = json<TMerchantApplication>(approved).storeId;
    expect(storeId).not.toBeNull();
    const [store] = await ctx.database.db
      .select()
      .from(stores)
      .where(eq(stores.id, BigInt(storeId!)));
    expect(store).toMatchObject({ name: 'Harbour Linen', status: 'active', ownerUserId: buyer.id });
    const audit = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'merchant_application.approve'), eq(auditLog.targetId, application.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.staffId).toBe(reviewer.id);

    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/seller/products',
      headers: bearer(await sellerSession(buyer.id)),
    });
    expect(list.statusCode).toBe(200);
    // The applicant hears of it in the user centre, and finds it again in the new seller console.
    const approvedNotice = { event: 'merchant.approved', params: { shopName: 'Harbour Linen' } };
    expect(await noticesOf(buyer.token, 'buyer')).toEqual([approvedNotice]);
    expect(await noticesOf(await sellerSession(buyer.id), 'seller')).toEqual([approvedNotice]);
    const twice = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/admin/merchant-applications/${application.id}/reject`,
      headers: bearer(reviewer.token),
      payload: { reason: 'late' },
    });
    expect(json<TError>(twice).error.code).toBe('MERCHANT_APPLICATION_STATUS_INVALID');
  });

  it('rejects with a reason the applicant sees, and takes a resubmission', async () => {
    const buyer = await createTestUser(ctx.database.db);
    const doc = await uploadDocument(buyer.token);
    const payload = {
      shopName: 'Quiet Looms',
      categoryIds: [String(tree.shirts)],
      contactEmail: 'looms@example.com',
      contactPhone: '15112345678',
      country: 'FR',
      documents: [doc.id],
    };
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/merchant/application',
      headers: bearer(buyer.token),
      payload,
    });
    const reviewer = await createTestStaff(ctx.database.db, ['merchants.review']);
    const id = json<TMerchantApplication>(res).id;
    await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/admin/merchant-applications/${id}/review`,
      headers: bearer(reviewer.token),
    });
    const rejected = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/admin/merchant-applications/${id}/reject`,
      headers: bearer(reviewer.token),
      payload: { reason: 'The licence image is unreadable' },
    });
    expect(rejected.statusCode).toBe(200);
    const mine = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/merchant/application',
      headers: bearer(buyer.token),
    });
    expect(json<{ application: TMerchantApplication }>(mine).application).toMatchObject({
      status: 'rejected',
      rejectReason: 'The licence image is unreadable',
    });
    expect(await noticesOf(buyer.token, 'buyer')).toEqual([
      {
        event: 'merchant.rejected',
        params: { shopName: 'Quiet Looms', reason: 'The licence image is unreadable' },
      },
    ]);
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/merchant/application',
      headers: bearer(buyer.token),
      payload,
    });
    const resent = json<TMerchantApplication>(again);
    expect(resent).toMatchObject({ id, status: 'submitted', rejectReason: null });
    // Dated by this sending: the applicant's status and the console's queue showed the first one's time.
    const first = json<TMerchantApplication>(res);
    expect(resent.createdAt).toBe(first.createdAt);
    expect(Date.parse(resent.submittedAt)).toBeGreaterThan(Date.parse(first.submittedAt));
  });

  it("a waiting application blocks closing the account; a closed or disabled applicant's is not approved (QA accounts #2)", async () => {
    const db = ctx.database.db;
    const buyer = await createTestUser(db);
    const doc = await uploadDocument(buyer.token);
    const applied = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/merchant/application',
      headers: bearer(buyer.token),
      payload: {
        shopName: 'Closing Time Goods',
        categoryIds: [String(tree.shirts)],
        contactEmail: 'closing@example.com',
        contactPhone: '15112345679',
        country: 'FR',
        documents: [doc.id],
      },
    });
    expect(applied.statusCode, applied.body).toBe(200);
    const blockers = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/account/cancel',
      headers: bearer(buyer.token),
    });
    expect(json<{ blockers: { code: string }[] }>(blockers).blockers.map((b) => b.code)).toContain(
      'CANCEL_BLOCKED_MERCHANT_APPLICATION',
    );

    const reviewer = await createTestStaff(db, ['merchants.review']);
    const approve = () =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/v1/admin/merchant-applications/${json<TMerchantApplication>(applied).id}/approve`,
        headers: bearer(reviewer.token),
      });
    // As an account closed before the blocker existed, or disabled by staff meanwhile.
    for (const [status, code] of [
      ['cancelled', 'ACCOUNT_CANCELLED'],
      ['disabled', 'USER_DISABLED'],
    ] as const) {
      await db.update(users).set({ status }).where(eq(users.id, buyer.id));
      const refused = await approve();
      expect(refused.statusCode, status).toBeGreaterThanOrEqual(400);
      expect(json<TError>(refused).error.code).toBe(code);
    }
    expect(await db.select().from(stores).where(eq(stores.ownerUserId, buyer.id))).toEqual([]);
    await db.update(users).set({ status: 'active' }).where(eq(users.id, buyer.id));
    expect((await approve()).statusCode).toBe(200);
  });

  it('refuses bad input with 4xx, never 500', async () => {
    const buyer = await createTestUser(ctx.database.db);
    for (const payload of [
      { shopName: 'a\u0000b' },
      {
        shopName: 'X'.repeat(70),
        categoryIds: ['1'],
        contactEmail: 'a@b.co',
        contactPhone: '1',
        country: 'DE',
        documents: [],
      },
      {
        shopName: 'Fine',
        categoryIds: ['99999999999999999999'],
        contactEmail: 'a@b.co',
        contactPhone: '12345678',
        country: 'DE',
        documents: ['/x'],
      },
      { shopName: 'Fine', categoryIds: Array.from({ length: 500 }, () => '1') },
      [],
    ]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/merchant/application',
        headers: bearer(buyer.token),
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    // A phone left empty is "required", like the other fields (it read "a mobile number of at least 8 digits").
    const noPhone = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/merchant/application',
      headers: bearer(buyer.token),
      payload: {
        shopName: 'Fine',
        categoryIds: ['1'],
        contactEmail: 'a@b.co',
        contactPhone: ' ',
        country: 'DE',
      },
    });
    expect(json<TError>(noPhone).error.details?.fields).toContainEqual({
      field: 'contactPhone',
      message: 'This field is required',
    });
  });
});

describe('merchant application documents', () => {
  const applicationOf = (documents: string[], shopName: string) => ({
    shopName,
    categoryIds: [String(tree.shirts)],
    contactEmail: 'docs@example.com',
    contactPhone: '+4915112345678',
    country: 'DE',
    documents,
  });

  it('keeps them private: never under /uploads, readable only by the applicant and merchants.review staff', async () => {
    const applicant = await createTestUser(ctx.database.db);
    const filesBefore = publicFiles();
    const doc = await uploadDocument(applicant.token);
    expect(doc).toMatchObject({ id: expect.stringMatching(/^\d+$/), width: 640, height: 420 });
    // Nothing of it lands in the publicly served upload directory.
    expect(publicFiles()).toEqual(filesBefore);
    // It counts against the day's upload quota like any other picture of the account.
    const [usage] = await ctx.database.db
      .select()
      .from(uploadUsage)
      .where(eq(uploadUsage.owner, `user:${applicant.id}`));
    expect(usage?.count).toBe(1);

    const read = (url: string, headers: Record<string, string> = {}) =>
      ctx.app.inject({ method: 'GET', url, headers });
    const own = await read(`/api/v1/merchant/documents/${doc.id}`, bearer(applicant.token));
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toBe('private, no-store');
    expect(own.headers['content-type']).toBe('image/webp');
    expect((await sharp(own.rawPayload).metadata()).format).toBe('webp');

    expect((await read(`/api/v1/merchant/documents/${doc.id}`)).statusCode).toBe(401);
    const stranger = await createTestUser(ctx.database.db);
    expect((await read(`/api/v1/merchant/documents/${doc.id}`, bearer(stranger.token))).statusCode).toBe(404);

    const reviewer = await createTestStaff(ctx.database.db, ['merchants.review']);
    const staffRead = await read(`/api/v1/admin/merchant-documents/${doc.id}`, bearer(reviewer.token));
    expect(staffRead.statusCode).toBe(200);
    expect(staffRead.headers['cache-control']).toBe('private, no-store');
    expect(staffRead.rawPayload.equals(own.rawPayload)).toBe(true);
    // Identity reviewers and other staff are not merchant reviewers; a buyer's session is no staff session.
    const kyc = await createTestStaff(ctx.database.db, ['kyc.review']);
    expect((await read(`/api/v1/admin/merchant-documents/${doc.id}`, bearer(kyc.token))).statusCode).toBe(
      403,
    );
    expect((await read(`/api/v1/admin/merchant-documents/${doc.id}`)).statusCode).toBe(401);
    expect(
      (await read(`/api/v1/admin/merchant-documents/${doc.id}`, bearer(applicant.token))).statusCode,
    ).toBe(401);
    expect(
      (await read('/api/v1/admin/merchant-documents/999999999', bearer(reviewer.token))).statusCode,
    ).toBe(404);

    // The application names the documents by id, for the applicant and for staff: no public address anywhere.
    const applied = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/merchant/application',
      headers: bearer(applicant.token),
      payload: applicationOf([doc.id], 'Private Papers'),
    });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(json<TMerchantApplication>(applied).documents).toEqual([doc]);
    const mine = await read('/api/v1/merchant/application', bearer(applicant.token));
    expect(json<{ application: TMerchantApplication }>(mine).application.documents).toEqual([doc]);
    const queue = await read('/api/v1/admin/merchant-applications?status=waiting', bearer(reviewer.token));
    const listed = json<{ pageList: TAdminMerchantApplication[] }>(queue).pageList.find(
      (a) => a.shopName === 'Private Papers',
    );
    expect(listed).toMatchObject({ documents: [doc], legacyDocuments: [] });
    expect(JSON.stringify(listed)).not.toContain('/uploads/');
  });

  it('strips the metadata and refuses what is no picture', async () => {
    const applicant = await createTestUser(ctx.database.db);
    const withExif = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#445566' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'Home address 12' } })
      .toBuffer();
    expect((await sharp(withExif).metadata()).exif).toBeDefined();
    const doc = await uploadDocument(applicant.token, withExif);
    const own = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/merchant/documents/${doc.id}`,
      headers: bearer(applicant.token),
    });
    expect((await sharp(own.rawPayload).metadata()).exif).toBeUndefined();

    const text = buildMultipart(Buffer.from('not a picture'), 'licence.png', 'image/png', 'merchant');
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/merchant/documents',
      headers: { ...text.headers, ...bearer(applicant.token) },
      payload: text.payload,
    });
    expect(json<TError>(refused).error.code).toBe('IMAGE_TYPE_INVALID');
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/merchant/documents',
      headers: text.headers,
      payload: text.payload,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it("takes only the applicant's own private documents, never a public upload address", async () => {
    const applicant = await createTestUser(ctx.database.db);
    const publicPicture = await uploadImage(applicant.token);
    const asPublic = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/merchant/application',
      headers: bearer(applicant.token),
      payload: applicationOf([publicPicture.url], 'Public Papers'),
    });
    expect(asPublic.statusCode).toBe(400);

    const other = await createTestUser(ctx.database.db);
    const othersDoc = await uploadDocument(other.token);
    const borrowed = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/merchant/application',
      headers: bearer(applicant.token),
      payload: applicationOf([othersDoc.id], 'Borrowed Papers'),
    });
    expect(json<TError>(borrowed).error).toMatchObject({
      code: 'IMAGE_NOT_OWNED',
      details: { field: 'documents' },
    });
  });

  it('shows staff the public documents of an application sent before, until it is sent again', async () => {
    const applicant = await createTestUser(ctx.database.db);
    const old = await uploadImage(applicant.token);
    const [row] = await ctx.database.db
      .insert(merchantApplications)
      .values({
        userId: applicant.id,
        status: 'rejected',
        shopName: 'Old Papers',
        categoryIds: [String(tree.shirts)],
        contactEmail: 'old@example.com',
        contactPhone: '+4915112345678',
        country: 'DE',
        legacyDocuments: [old],
        rejectReason: 'Blurred',
      })
      .returning({ id: merchantApplications.id });
    const reviewer = await createTestStaff(ctx.database.db, ['merchants.review']);
    const queued = async () =>
      json<{ pageList: TAdminMerchantApplication[] }>(
        await ctx.app.inject({
          method: 'GET',
          url: '/api/v1/admin/merchant-applications',
          headers: bearer(reviewer.token),
        }),
      ).pageList.find((a) => a.id === String(row!.id));
    expect(await queued()).toMatchObject({ documents: [], legacyDocuments: [old] });
    // The applicant's own view carries no public address; sending again replaces the old pictures.
    const mine = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/merchant/application',
      headers: bearer(applicant.token),
    });
    expect(json<{ application: TMerchantApplication }>(mine).application).toMatchObject({ documents: [] });
    expect(mine.body).not.toContain('/uploads/');
    const doc = await uploadDocument(applicant.token);
    const resent = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/merchant/application',
      headers: bearer(applicant.token),
      payload: applicationOf([doc.id], 'Old Papers'),
    });
    expect(resent.statusCode, resent.body).toBe(200);
    expect(await queued()).toMatchObject({ status: 'submitted', documents: [doc], legacyDocuments: [] });
  });
});

describe('seller products', () => {
  let shop: Awaited<ReturnType<typeof openShop>>;
  let rival: Awaited<ReturnType<typeof openShop>>;
  let product: TSellerProductDetail;

  beforeAll(async () => {
    shop = await openShop('Linen Works');
    rival = await openShop('Rival Goods');
  });

  it('names a bad variant price once, at its field', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/seller/products',
      headers: bearer(shop.token),
      payload: await productBody(shop.token, {
        variants: [
          { values: ['Sand'], price: 'abc', stock: 7, code: 'LHS-SAND' },
          { values: ['Navy'], price: '27', stock: 5, code: 'LHS-NAVY' },
        ],
      }),
    });
    expect(res.statusCode).toBe(400);
    // Its pattern and its refinement both refused "abc": the same message was listed twice.
    expect(json<{ error: { details: { fields: { field: string }[] } } }>(res).error.details.fields).toEqual([
      { field: 'variants.0.price', message: expect.any(String) },
    ]);
  });

  it('says a filled text holding an invisible control character holds one, beside its field (it said "required")', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/seller/products?lang=fr',
      headers: bearer(shop.token),
      payload: await productBody(shop.token, { descriptions: { en: 'Breathable\u0001 linen.' } }),
    });
    expect(res.statusCode).toBe(400);
    expect(json<{ error: { details: { fields: unknown[] } } }>(res).error.details.fields).toEqual([
      {
        field: 'descriptions.en',
        message:
          'Le texte contient un caractère de contrôle invisible (souvent collé depuis un autre programme) ; supprimez-le',
      },
    ]);
  });

  it('creates a product with two variants, three images and two languages, shown on the storefront and in search', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/seller/products',
      headers: bearer(shop.token),
      payload: await productBody(shop.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    product = json<TSellerProductDetail>(res);
    expect(product.images).toHaveLength(3);
    expect(product.variants.map((v) => [v.values, v.stock])).toEqual([
      [['Sand'], 7],
      [['Navy'], 5],
    ]);
    expect(product.stock).toBe(12);

    for (const [lang, name, word] of [
      ['en', 'Linen harbour shirt', 'harbour'],
      ['de', 'Leinen Hafenhemd', 'hafenhemd'],
    ] as const) {
      const detail = await ctx.app.inject({
        method: 'GET',
        url: `/api/v1/catalog/products/${product.id}?lang=${lang}`,
      });
      expect(detail.statusCode, detail.body).toBe(200);
      expect(json<{ name: string; variants: unknown[] }>(detail)).toMatchObject({ name });
      expect(json<{ variants: unknown[] }>(detail).variants).toHaveLength(2);
      const found = await ctx.app.inject({
        method: 'GET',
        url: `/api/v1/catalog/search/goods?k=${word}&lang=${lang}`,
      });
      expect(json<{ pageList: { id: string }[] }>(found).pageList.map((p) => p.id)).toContain(product.id);
    }
  });

  it('saves an edit and shows it on the storefront at once, keeping variant ids', async () => {
    const body = await productBody(shop.token, {
      names: { en: 'Linen harbour overshirt', de: 'Leinen Hafenhemd' },
      variants: [
        { values: ['Sand'], price: null, stock: 9, code: 'LHS-SAND' },
        { values: ['Navy'], price: '27', stock: 5, code: 'LHS-NAVY' },
      ],
    });
    // Warm the cache first: the save must clear it.
    await ctx.app.inject({ method: 'GET', url: `/api/v1/catalog/products/${product.id}?lang=en` });
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/seller/products/${product.id}`,
      headers: bearer(shop.token),
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = json<TSellerProductDetail>(res);
    expect(saved.variants.map((v) => v.id)).toEqual(product.variants.map((v) => v.id));
    const detail = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/catalog/products/${product.id}?lang=en`,
    });
    expect(json<{ name: string }>(detail).name).toBe('Linen harbour overshirt');
    const found = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/catalog/search/goods?k=overshirt&lang=en',
    });
    expect(json<{ pageList: { id: string }[] }>(found).pageList.map((p) => p.id)).toContain(product.id);
    const history = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/seller/stock-history?productId=${product.id}`,
      headers: bearer(shop.token),
    });
    expect(json<{ pageList: { delta: number; reason: string }[] }>(history).pageList[0]).toMatchObject({
      delta: 2,
      reason: '@editor',
    });
  });

  it('refuses what SPEC §5 forbids with a field-specific error and saves nothing', async () => {
    const base = await productBody(shop.token);
    // A picture another user uploaded is not the seller's to use.
    const stranger = await createTestUser(ctx.database.db);
    const strangerImage = await uploadImage(stranger.token);
    const cases: [Partial<TProductRequest>, string][] = [
      [{ categoryId: String(tree.mid) }, 'CATEGORY_NOT_LEAF'],
      [{ names: { de: 'Nur Deutsch' } }, 'PRODUCT_TEXT_REQUIRED'],
      [{ sellingPrice: '1.123456' }, 'VALIDATION_FAILED'],
      [{ sellingPrice: '-1' }, 'VALIDATION_FAILED'],
      [{ discountPrice: '30' }, 'DISCOUNT_INVALID'],
      // Every variant priced on its own: the discount would lower nothing, yet the storefront said "Sale".
      [
        {
          discountPrice: '15.5',
          variants: [
            { values: ['Sand'], price: '21', stock: 1, code: '' },
            { values: ['Navy'], price: '22', stock: 1, code: '' },
          ],
        },
        'DISCOUNT_NOT_APPLICABLE',
      ],
      [
        {
          variants: [
            { values: ['Sand'], price: null, stock: 1, code: '' },
            { values: ['sand'], price: null, stock: 1, code: '' },
          ],
        },
        'VARIANT_DUPLICATE',
      ],
      [{ variants: [{ values: ['Sand'], price: null, stock: -1, code: '' }] }, 'VALIDATION_FAILED'],
      [{ images: ['/uploads/img/ab/0123456789abcdef0123456789abcdef-960.webp'] }, 'IMAGE_REFERENCE_INVALID'],
      // Someone else's upload is on this platform: "not yours", not "upload it here first" (QA seller 10).
      [{ images: [strangerImage.url] }, 'IMAGE_NOT_OWNED'],
      [{ images: ['https://example.com/a.png'] }, 'VALIDATION_FAILED'],
      [{ buyMin: 5, buyMax: 2 }, 'BUY_LIMITS_INVALID'],
      // Above the platform's 500 a line (mall_max_goods_number_in_order): a minimum of 600 made a product no
      // quantity could buy, a maximum of 600 promised what checkout refuses.
      [{ buyMin: 600, buyMax: null }, 'BUY_LIMIT_ABOVE_PLATFORM'],
      [{ buyMin: 1, buyMax: 501 }, 'BUY_LIMIT_ABOVE_PLATFORM'],
      // Half an emoji, as a cut paste leaves it: PostgreSQL's json refused it and the call answered 500.
      [{ descriptions: { en: 'Breathable \uD83D linen.' } }, 'VALIDATION_FAILED'],
      [{ names: { en: 'Linen \uDE00 shirt' } }, 'VALIDATION_FAILED'],
    ];
    const before = json<TSellerProductsResponse>(
      await ctx.app.inject({ method: 'GET', url: '/api/v1/seller/products', headers: bearer(shop.token) }),
    ).total;
    for (const [overrides, code] of cases) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/seller/products',
        headers: bearer(shop.token),
        payload: { ...base, ...overrides },
      });
      expect(json<TError>(res).error.code, JSON.stringify(overrides)).toBe(code);
    }
    // The shop's language is named as the editor names it beside the field, not by its code ("(en)").
    const withoutName = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/seller/products',
      headers: bearer(shop.token),
      payload: { ...base, names: { de: 'Nur Deutsch' } },
    });
    expect(json<{ error: { message: string } }>(withoutName).error.message).toBe(
      "Please enter the name in the shop's language (English)",
    );
    const after = json<TSellerProductsResponse>(
      await ctx.app.inject({ method: 'GET', url: '/api/v1/seller/products', headers: bearer(shop.token) }),
    ).total;
    expect(after).toBe(before);
  });

  it('says a price or a stock is too high rather than malformed', async () => {
    const base = await productBody(shop.token);
    const cases: [Partial<TProductRequest>, { field: string; message: string }][] = [
      [{ stock: 1e20 }, { field: 'stock', message: 'Stock can be at most 100,000,000' }],
      [{ stock: 100_000_001 }, { field: 'stock', message: 'Stock can be at most 100,000,000' }],
      [
        { sellingPrice: '9999999999999' },
        { field: 'sellingPrice', message: 'A price can be at most 100,000,000' },
      ],
      [
        { sellingPrice: '999999999999999999999999.99' },
        { field: 'sellingPrice', message: 'A price can be at most 100,000,000' },
      ],
      // A list or a text past its size says the size (ten pictures read "This value is not valid").
      [
        { images: [...base.images, ...base.images, ...base.images, base.images[0]!] },
        { field: 'images', message: 'At most 9 items in this list' },
      ],
      // Below 0 and 0 in the same words ("-1" said "at least 0", then 0 was "above 0").
      [
        { sellingPrice: '-1' },
        { field: 'sellingPrice', message: 'Please enter a price above 0 with at most 4 decimals' },
      ],
      [
        { sellingPrice: '0' },
        { field: 'sellingPrice', message: 'Please enter a price above 0 with at most 4 decimals' },
      ],
    ];
    for (const [overrides, expected] of cases) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/seller/products',
        headers: bearer(shop.token),
        payload: { ...base, ...overrides },
      });
      expect(res.statusCode).toBe(400);
      expect(json<TError>(res).error.details?.fields, JSON.stringify(overrides)).toEqual([expected]);
    }
  });

  it('gives each product of a shop its own product code, and each variant of a product its own code (QA seller #1)', async () => {
    // Shops of their own: the other tests count the goods of theirs.
    const shop = await openShop('Code House');
    const rival = await openShop('Code Rival');
    // One set of pictures per shop: every upload counts against the per-minute limit.
    const bodies = new Map([
      [shop.token, await productBody(shop.token)],
      [rival.token, await productBody(rival.token)],
    ]);
    const body = (token: string, overrides: Partial<TProductRequest>) => ({
      ...bodies.get(token)!,
      ...overrides,
    });
    const create = (token: string, overrides: Partial<TProductRequest>) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/seller/products?lang=en',
        headers: bearer(token),
        payload: body(token, overrides),
      });
    const first = await create(shop.token, { code: 'QA-CODE-1' });
    expect(first.statusCode, first.body).toBe(200);
    const second = await create(shop.token, { code: 'QA-CODE-2' });
    expect(second.statusCode, second.body).toBe(200);
    const secondId = json<TSellerProductDetail>(second).id;

    const taken = await create(shop.token, { code: 'QA-CODE-1' });
    expect(taken.statusCode).toBe(409);
    expect(json<TError>(taken).error).toMatchObject({
      code: 'PRODUCT_CODE_TAKEN',
      details: { field: 'code' },
    });
    const renamedOnto = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/seller/products/${secondId}`,
      headers: bearer(shop.token),
      payload: body(shop.token, { code: 'QA-CODE-1' }),
    });
    expect(json<TError>(renamedOnto).error.code).toBe('PRODUCT_CODE_TAKEN');
    // Saving a product with its own code, and another shop using the same code, are fine.
    const resaved = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/seller/products/${secondId}`,
      headers: bearer(shop.token),
      payload: body(shop.token, { code: 'QA-CODE-2' }),
    });
    expect(resaved.statusCode, resaved.body).toBe(200);
    expect((await create(rival.token, { code: 'QA-CODE-1' })).statusCode).toBe(200);

    const sameSku = await create(shop.token, {
      code: 'QA-CODE-3',
      variants: [
        { values: ['Sand'], price: null, stock: 1, code: 'SKU-1' },
        { values: ['Navy'], price: null, stock: 1, code: ' SKU-1' },
      ],
    });
    expect(sameSku.statusCode).toBe(400);
    expect(json<TError>(sameSku).error.details?.fields).toEqual([
      { field: 'variants.1.code', message: 'Each variant needs a different code' },
    ]);
  });

  it("names a repeated attribute name at its field, in the reader's language", async () => {
    const base = await productBody(shop.token);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/seller/products?lang=de',
      headers: bearer(shop.token),
      payload: {
        ...base,
        attributes: [
          { name: 'Colour', values: ['Sand'] },
          { name: ' colour ', values: ['Navy'] },
        ],
        variants: [{ values: ['Sand', 'Navy'], price: null, stock: 1, code: '' }],
      },
    });
    expect(res.statusCode).toBe(400);
    const error = json<TError>(res).error;
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.details?.fields).toEqual([
      { field: 'attributes.1.name', message: 'Jedes Merkmal braucht einen eigenen Namen' },
    ]);
  });

  it('adjusts stock with a reason, never below zero, and lists low stock', async () => {
    const navy = product.variants[1]!;
    const down = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/seller/products/${product.id}/stock`,
      headers: bearer(shop.token),
      payload: { variantId: navy.id, delta: -4, reason: 'Damaged in storage' },
    });
    expect(json(down)).toEqual({ stock: 10, variantStock: 1 });
    const tooMuch = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/seller/products/${product.id}/stock`,
      headers: bearer(shop.token),
      payload: { variantId: navy.id, delta: -2, reason: 'Oops' },
    });
    expect(json<TError>(tooMuch).error.code).toBe('STOCK_BELOW_ZERO');
    // A change of nothing says so (it read "Please enter a whole number").
    const zero = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/seller/products/${product.id}/stock`,
      headers: bearer(shop.token),
      payload: { variantId: navy.id, delta: 0, reason: 'Count' },
    });
    expect(zero.statusCode).toBe(400);
    expect(json<{ error: { message: string } }>(zero).error.message).toBe('The change cannot be zero');
    const history = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/seller/stock-history',
      headers: bearer(shop.token),
    });
    // The line names the variant whose stock it changed: 1 is Navy's stock, not the product's.
    expect(json<{ pageList: { reason: string; stockAfter: number }[] }>(history).pageList[0]).toMatchObject({
      reason: 'Damaged in storage',
      variantName: 'Navy',
      stockAfter: 1,
    });
    // Nor above the 100,000,000 the product form takes: twice 99,999,999 once made it unsaveable.
    const adjust = (delta: number) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/v1/seller/products/${product.id}/stock`,
        headers: bearer(shop.token),
        payload: { variantId: navy.id, delta, reason: 'Big delivery' },
      });
    expect(json(await adjust(99_999_999))).toEqual({ stock: 100_000_009, variantStock: 100_000_000 });
    const over = await adjust(1);
    expect(over.statusCode).toBe(400);
    expect(json<TError>(over).error.details?.fields).toEqual([
      { field: 'delta', message: 'Stock can be at most 100,000,000' },
    ]);
    expect(json(await adjust(-99_999_999))).toEqual({ stock: 10, variantStock: 1 });
    await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/seller/shop',
      headers: bearer(shop.token),
      payload: { name: 'Linen Works', lang: 'en', logo: null, banner: null, lowStockThreshold: 10 },
    });
    // A contact number as people write it is kept without its spaces and dashes.
    const spaced = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/seller/shop',
      headers: bearer(shop.token),
      payload: {
        name: 'Linen Works',
        lang: 'en',
        logo: null,
        banner: null,
        lowStockThreshold: 10,
        contactPhone: '+971 50-123 4567',
      },
    });
    expect(spaced.statusCode, spaced.body).toBe(200);
    const settings = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/seller/shop',
      headers: bearer(shop.token),
    });
    expect(json<{ contactPhone: string }>(settings).contactPhone).toBe('+971501234567');
    const low = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/seller/products?isLowStock=true',
      headers: bearer(shop.token),
    });
    expect(json<TSellerProductsResponse>(low).pageList.map((p) => p.id)).toEqual([product.id]);
  });

  it('never lets a second seller read or change the first seller’s goods, stock, reviews or settings', async () => {
    const h = bearer(rival.token);
    const probes = [
      { method: 'GET' as const, url: `/api/v1/seller/products/${product.id}` },
      {
        method: 'PUT' as const,
        url: `/api/v1/seller/products/${product.id}`,
        payload: await productBody(rival.token),
      },
      {
        method: 'POST' as const,
        url: '/api/v1/seller/products/bulk',
        payload: { ids: [product.id], action: 'delete' },
      },
      {
        method: 'POST' as const,
        url: `/api/v1/seller/products/${product.id}/stock`,
        payload: { variantId: product.variants[0]!.id, delta: 1, reason: 'x' },
      },
    ];
    for (const probe of probes) {
      const res = await ctx.app.inject({ ...probe, headers: h });
      expect(res.statusCode, probe.url).toBe(404);
    }
    const list = json<TSellerProductsResponse>(
      await ctx.app.inject({ method: 'GET', url: '/api/v1/seller/products', headers: h }),
    );
    expect(list.pageList.map((p) => p.id)).not.toContain(product.id);
    const history = json<{ pageList: unknown[] }>(
      await ctx.app.inject({
        method: 'GET',
        url: `/api/v1/seller/stock-history?productId=${product.id}`,
        headers: h,
      }),
    );
    expect(history.pageList).toHaveLength(0);
    const shopSettings = json<{ id: string; name: string }>(
      await ctx.app.inject({ method: 'GET', url: '/api/v1/seller/shop', headers: h }),
    );
    expect(shopSettings).toMatchObject({ id: rival.storeId, name: 'Rival Goods' });
    const mine = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/seller/products/${product.id}`,
      headers: bearer(shop.token),
    });
    expect(json<TSellerProductDetail>(mine).names.en).toBe('Linen harbour overshirt');
    const renamed = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/seller/shop',
      headers: h,
      payload: { name: 'linen works', lang: 'en', logo: null, banner: null },
    });
    // Named after the settings form's field, so the form shows it there.
    expect(json<TError>(renamed).error).toMatchObject({
      code: 'SHOP_NAME_TAKEN',
      details: { field: 'name' },
    });

    // Reviews: the rival neither sees nor answers the first shop's review; the owner answers it once.
    const reviewer = await createTestUser(ctx.database.db);
    const [review] = await ctx.database.db
      .insert(reviews)
      .values({
        productId: BigInt(product.id),
        storeId: BigInt(shop.storeId),
        userId: reviewer.id,
        rating: 'good',
        content: 'Lovely linen',
      })
      .returning({ id: reviews.id });
    const rivalReviews = json<{ pageList: unknown[] }>(
      await ctx.app.inject({ method: 'GET', url: '/api/v1/seller/reviews', headers: h }),
    );
    expect(rivalReviews.pageList).toHaveLength(0);
    const rivalReply = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/seller/reviews/${review!.id}/reply`,
      headers: h,
      payload: { content: 'Not mine' },
    });
    expect(json<TError>(rivalReply).error.code).toBe('REVIEW_NOT_FOUND');
    const reply = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/seller/reviews/${review!.id}/reply`,
      headers: bearer(shop.token),
      payload: { content: 'Thank you!' },
    });
    expect(reply.statusCode).toBe(200);
    const again = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/seller/reviews/${review!.id}/reply`,
      headers: bearer(shop.token),
      payload: { content: 'Twice' },
    });
    expect(json<TError>(again).error.code).toBe('REVIEW_ALREADY_REPLIED');
    const publicReviews = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/catalog/products/${product.id}/reviews`,
    });
    expect(json<{ pageList: { sellerReply: string | null }[] }>(publicReviews).pageList[0]!.sellerReply).toBe(
      'Thank you!',
    );

    // Export, settlement and dashboard answer only the rival's own shop.
    const exported = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/seller/products/export?format=csv',
      headers: h,
    });
    expect(exported.body).not.toContain('LHS-SAND');
    const mineExported = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/seller/products/export?format=csv',
      headers: bearer(shop.token),
    });
    expect(mineExported.body).toContain('LHS-SAND');
  });

  it('staff take a product down with a reason; the seller sees it and cannot put it back; the storefront drops it', async () => {
    const moderator = await createTestStaff(ctx.database.db, ['catalog.manage']);
    const noRight = await createTestStaff(ctx.database.db, ['merchants.review']);
    const refused = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/admin/products/${product.id}/take-down`,
      headers: bearer(noRight.token),
      payload: { reason: 'x' },
    });
    expect(refused.statusCode).toBe(403);
    const down = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/admin/products/${product.id}/take-down`,
      headers: bearer(moderator.token),
      payload: { reason: 'Misleading material claims' },
    });
    expect(down.statusCode, down.body).toBe(200);
    const list = json<TSellerProductsResponse>(
      await ctx.app.inject({
        method: 'GET',
        url: '/api/v1/seller/products?state=takenDown',
        headers: bearer(shop.token),
      }),
    );
    expect(list.pageList[0]).toMatchObject({
      id: product.id,
      state: 'takenDown',
      takenDownReason: 'Misleading material claims',
    });
    const onShelf = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/seller/products/bulk',
      headers: bearer(shop.token),
      payload: { ids: [product.id], action: 'onShelf' },
    });
    expect(json<TError>(onShelf).error.code).toBe('PRODUCT_TAKEN_DOWN');
    const detail = await ctx.app.inject({ method: 'GET', url: `/api/v1/catalog/products/${product.id}` });
    expect(json<TError>(detail).error.code).toBe('GOODS_OFF_SHELF');
    const restored = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/admin/products/${product.id}/restore`,
      headers: bearer(moderator.token),
    });
    expect(restored.statusCode).toBe(200);
    const back = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/seller/products/bulk',
      headers: bearer(shop.token),
      payload: { ids: [product.id], action: 'onShelf' },
    });
    expect(json(back)).toEqual({ changed: 1 });
    const notices = await noticesOf(shop.token, 'seller');
    expect(notices.slice(0, 2)).toEqual([
      { event: 'product.restored', params: { productId: product.id, name: 'Linen harbour overshirt' } },
      {
        event: 'product.takenDown',
        params: {
          productId: product.id,
          name: 'Linen harbour overshirt',
          reason: 'Misleading material claims',
        },
      },
    ]);
    // The rival seller hears nothing of another shop's moderation.
    expect((await noticesOf(rival.token, 'seller')).map((n) => n.event)).not.toContain('product.takenDown');
  });

  it('suspending the shop takes its goods off the storefront and search; reinstating brings them back', async () => {
    const reviewer = await createTestStaff(ctx.database.db, ['merchants.review']);
    const suspend = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/admin/stores/${shop.storeId}/suspend`,
      headers: bearer(reviewer.token),
      payload: { reason: 'Counterfeit complaints' },
    });
    expect(suspend.statusCode, suspend.body).toBe(200);
    const detail = await ctx.app.inject({ method: 'GET', url: `/api/v1/catalog/products/${product.id}` });
    expect(json<TError>(detail).error.code).toBe('GOODS_OFF_SHELF');
    const found = await ctx.app.inject({ method: 'GET', url: '/api/v1/catalog/search/goods?k=overshirt' });
    expect(json<{ pageList: { id: string }[] }>(found).pageList.map((p) => p.id)).not.toContain(product.id);
    const settings = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/seller/shop',
      headers: bearer(shop.token),
    });
    expect(json(settings)).toMatchObject({ status: 'suspended', suspendedReason: 'Counterfeit complaints' });
    const reinstate = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/admin/stores/${shop.storeId}/reinstate`,
      headers: bearer(reviewer.token),
    });
    expect(reinstate.statusCode).toBe(200);
    const again = await ctx.app.inject({ method: 'GET', url: `/api/v1/catalog/products/${product.id}` });
    expect(again.statusCode).toBe(200);
    expect((await noticesOf(shop.token, 'seller')).slice(0, 2)).toEqual([
      { event: 'shop.reinstated', params: {} },
      { event: 'shop.suspended', params: { reason: 'Counterfeit complaints' } },
    ]);
  });

  it('deletes a product: it leaves the seller list and the storefront but stays in the database', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/seller/products',
      headers: bearer(shop.token),
      payload: await productBody(shop.token, {
        names: { en: 'Short lived tee' },
        attributes: [],
        variants: [],
        stock: 3,
      }),
    });
    const id = json<TSellerProductDetail>(res).id;
    const deleted = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/seller/products/bulk',
      headers: bearer(shop.token),
      payload: { ids: [id], action: 'delete' },
    });
    expect(json(deleted)).toEqual({ changed: 1 });
    const list = json<TSellerProductsResponse>(
      await ctx.app.inject({ method: 'GET', url: '/api/v1/seller/products', headers: bearer(shop.token) }),
    );
    expect(list.pageList.map((p) => p.id)).not.toContain(id);
    const detail = await ctx.app.inject({ method: 'GET', url: `/api/v1/catalog/products/${id}` });
    expect(json<TError>(detail).error.code).toBe('GOODS_OFF_SHELF');
  });

  it('pages a large shop through its indexes: capped count, stock order and low stock follow checkouts after the fold', async () => {
    const bulk = await openShop('Bulk Bazaar');
    // 1,100 products, stock 6..45 (none low at the default threshold 5), written straight into the table.
    await ctx.database.db.execute(sql`insert into products (store_id, category_id, names, price, selling_price,
        original_price, retail_price, stock, code, created_at)
      select ${bulk.storeId}::bigint, ${tree.shirts}::bigint, jsonb_build_object('en', 'Bulk item ' || i),
        1, 1, 1, 1, 6 + i % 40, 'BULK-' || i, now() - (i || ' minutes')::interval
      from generate_series(1, 1100) as i`);
    const list = async (query: string) =>
      json<TSellerProductsResponse>(
        await ctx.app.inject({
          method: 'GET',
          url: `/api/v1/seller/products?${query}`,
          headers: bearer(bulk.token),
        }),
      );
    const first = await list('pageNum=1&pageSize=20');
    expect(first).toMatchObject({ total: 200, isTotalExact: false });
    expect(first.pageList.map((p) => p.code)).toEqual(Array.from({ length: 20 }, (_, i) => `BULK-${i + 1}`));
    // Past the numbered pages the cursor goes on, each page read from its place in the index.
    expect(first.nextCursor).toBe(first.pageList[19]!.id);
    const next = await list(`pageSize=20&after=${first.nextCursor}`);
    expect(next.pageList.map((p) => p.code)).toEqual(Array.from({ length: 20 }, (_, i) => `BULK-${i + 21}`));
    const deep = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/seller/products?pageNum=501&pageSize=20',
      headers: bearer(bulk.token),
    });
    expect(deep.statusCode).toBe(400);
    expect(json<TError>(deep).error).toMatchObject({
      code: 'PAGE_TOO_DEEP',
      // It showed "{{max}}" to the seller, in every language.
      message: expect.stringContaining('the first 10000 products'),
    });
    const rivalCursor = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/seller/products?after=${first.nextCursor}`,
      headers: bearer(rival.token),
    });
    expect(json<TSellerProductsResponse>(rivalCursor).pageList).toEqual([]);
    const later = await list('pageNum=46&pageSize=20');
    expect(later).toMatchObject({ total: 1100, isTotalExact: true });
    expect(later.pageList[0]!.code).toBe('BULK-901');
    const last = await list('pageNum=55&pageSize=20&sort=oldest');
    expect(last.pageList.map((p) => p.code).slice(-1)).toEqual(['BULK-1']);
    const byStock = await list('pageNum=1&pageSize=50&sort=stockAsc');
    const stocks = byStock.pageList.map((p) => p.stock);
    expect(stocks).toEqual([...stocks].sort((a, b) => a - b));
    expect(stocks[0]).toBe(6);
    const byStockNext = await list(`pageSize=50&sort=stockAsc&after=${byStock.nextCursor}`);
    const both = [...byStock.pageList, ...byStockNext.pageList];
    expect(new Set(both.map((p) => p.id)).size).toBe(100);
    expect(both.map((p) => p.stock)).toEqual(both.map((p) => p.stock).sort((a, b) => a - b));
    const tail = await list('pageNum=55&pageSize=20');
    expect(tail).toMatchObject({ total: 1100, isTotalExact: true, nextCursor: null });
    expect((await list('isLowStock=true')).total).toBe(0);

    // A checkout takes stock with a HOT update that writes no index: the stock order and the low-stock list
    // learn of it from the sales fold (seconds later), never show a row that is not low now.
    const target = later.pageList[0]!;
    const buyer = await createTestUser(ctx.database.db);
    await placeTestOrder(ctx.database.db, buyer.id, BigInt(target.id), {
      quantity: target.stock - 2,
      isPaid: false,
    });
    expect((await list('isLowStock=true')).total).toBe(0);
    await foldSalesTally(ctx.database.db);
    const low = await list('isLowStock=true');
    expect(low.pageList.map((p) => ({ id: p.id, stock: p.stock, isLowStock: p.isLowStock }))).toEqual([
      { id: target.id, stock: 2, isLowStock: true },
    ]);
    expect((await list('sort=stockAsc')).pageList[0]!.id).toBe(target.id);

    // The seller's own changes (they set updated_at) reach it at once; a deleted product leaves it.
    const adjust = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/seller/products/${target.id}/stock`,
      headers: bearer(bulk.token),
      payload: { variantId: null, delta: 30, reason: 'Restocked' },
    });
    expect(adjust.statusCode, adjust.body).toBe(200);
    expect((await list('isLowStock=true')).total).toBe(0);
    const other = byStock.pageList[0]!;
    await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/seller/products/bulk',
      headers: bearer(bulk.token),
      payload: { ids: [other.id], action: 'delete' },
    });
    expect((await list('pageNum=1&pageSize=50&sort=stockAsc')).pageList.map((p) => p.id)).not.toContain(
      other.id,
    );
  });

  it("honours the seller's maximum per order on the product page and at checkout", async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/seller/products',
      headers: bearer(shop.token),
      payload: await productBody(shop.token, {
        names: { en: 'Limited lantern' },
        attributes: [],
        variants: [],
        stock: 50,
        buyMin: 1,
        buyMax: 2,
      }),
    });
    const id = json<TSellerProductDetail>(res).id;
    const detail = await ctx.app.inject({ method: 'GET', url: `/api/v1/catalog/products/${id}` });
    expect(json<{ maxBuy: number }>(detail).maxBuy).toBe(2);
    const buyer = await createTestUser(ctx.database.db);
    await expect(
      placeTestOrder(ctx.database.db, buyer.id, BigInt(id), { quantity: 3, isPaid: false }),
    ).rejects.toMatchObject({
      code: 'ABOVE_MAX_PURCHASE',
    });
    const ok = await placeTestOrder(ctx.database.db, buyer.id, BigInt(id), { quantity: 2, isPaid: false });
    expect(ok.orderNo).toBeTruthy();
  });
});

describe('low stock', () => {
  it('counts a product one of whose variants is at or below the threshold, in the list and on the dashboard', async () => {
    const lamps = await openShop('Lantern Row');
    const h = bearer(lamps.token);
    const shop = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/seller/shop',
      headers: h,
      payload: { name: 'Lantern Row', lang: 'en', logo: null, banner: null, lowStockThreshold: 5 },
    });
    expect(shop.statusCode, shop.body).toBe(200);
    const save = async (name: string, gold: number, silver: number, id?: string) => {
      const res = await ctx.app.inject({
        method: id ? 'PUT' : 'POST',
        url: id ? `/api/v1/seller/products/${id}` : '/api/v1/seller/products',
        headers: h,
        payload: await productBody(lamps.token, {
          names: { en: name },
          attributes: [{ name: 'Colour', values: ['Gold', 'Silver'] }],
          variants: [
            { values: ['Gold'], price: null, stock: gold, code: '' },
            { values: ['Silver'], price: '13.5', stock: silver, code: '' },
          ],
        }),
      });
      expect(res.statusCode, res.body).toBe(200);
      return json<TSellerProductDetail>(res);
    };
    const lowIds = async () =>
      json<TSellerProductsResponse>(
        await ctx.app.inject({ method: 'GET', url: '/api/v1/seller/products?isLowStock=true', headers: h }),
      ).pageList.map((p) => p.id);
    const flags = async () =>
      Object.fromEntries(
        json<TSellerProductsResponse>(
          await ctx.app.inject({ method: 'GET', url: '/api/v1/seller/products', headers: h }),
        ).pageList.map((p) => [p.id, p.isLowStock]),
      );
    const dashboardCount = async () => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/v1/seller/dashboard?range=7d',
        headers: h,
      });
      expect(res.statusCode, res.body).toBe(200);
      return json<{ pending: { lowStock: number } }>(res).pending.lowStock;
    };

    const lantern = await save('QA Test Lantern', 10, 6);
    expect(await lowIds()).toEqual([]);
    expect(await dashboardCount()).toBe(0);

    // Saved with a variant at the threshold: low at once (the variants are written after the product).
    const small = await save('Small lantern', 20, 5);
    expect(await lowIds()).toEqual([small.id]);
    expect(await flags()).toEqual({ [lantern.id]: false, [small.id]: true });
    expect(await dashboardCount()).toBe(1);

    // A sale leaves Silver 3 of 13: low once the sales fold has run, although the product's total is 13.
    const buyer = await createTestUser(ctx.database.db);
    const silver = lantern.variants.find((v) => v.values[0] === 'Silver')!;
    await placeTestOrder(ctx.database.db, buyer.id, BigInt(lantern.id), {
      quantity: 3,
      variantId: BigInt(silver.id),
      isPaid: false,
    });
    await foldSalesTally(ctx.database.db);
    const low = json<TSellerProductsResponse>(
      await ctx.app.inject({ method: 'GET', url: '/api/v1/seller/products?isLowStock=true', headers: h }),
    ).pageList;
    expect(low.map((p) => ({ id: p.id, stock: p.stock, isLowStock: p.isLowStock }))).toEqual(
      expect.arrayContaining([
        { id: lantern.id, stock: 13, isLowStock: true },
        { id: small.id, stock: 25, isLowStock: true },
      ]),
    );
    expect(low).toHaveLength(2);
    expect(await flags()).toEqual({ [lantern.id]: true, [small.id]: true });
    expect(await dashboardCount()).toBe(2);

    // Restocking the variant in the editor takes the product off at once.
    await save('Small lantern', 20, 20, small.id);
    expect(await lowIds()).toEqual([lantern.id]);
    expect(await dashboardCount()).toBe(1);
  });
});
