import type { TLoanProduct, TLoanProductRequest } from '@caravan/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, loanProducts } from '../../db/schema';
import { createTestStaff } from '../../testing/fixtures';
import { bearer, createTestApp, json, type TTestContext } from '../../testing/test-app';

type TRefusal = { error: { code: string; details?: { fields?: { field: string; message: string }[] } } };

const PRODUCT: TLoanProductRequest = {
  code: 'harvest',
  kind: 'other',
  name: 'Harvest loan',
  minAmount: '100000',
  maxAmount: '2000000',
  termOptions: [90, 30, 90],
  dailyRate: '0.0004',
  modes: ['bullet', 'bullet'],
  cycleDays: 30,
  penaltyDailyRate: '0.001',
  graceDays: 3,
  advancedAbove: '1000000',
  isActive: true,
};

describe('loan products in the console', () => {
  let ctx: TTestContext;
  let reviewer: { id: bigint; token: string };

  beforeAll(async () => {
    ctx = await createTestApp();
    reviewer = await createTestStaff(ctx.database.db, ['loans.review']);
  });
  afterAll(async () => {
    await ctx.close();
  });

  const save = (payload: unknown, id?: string) =>
    ctx.app.inject({
      method: id ? 'PUT' : 'POST',
      url: id ? `/api/v1/admin/loan-products/${id}` : '/api/v1/admin/loan-products',
      headers: bearer(reviewer.token),
      payload: payload as object,
    });
  const refusedFields = (res: Awaited<ReturnType<typeof save>>) =>
    Object.fromEntries((json<TRefusal>(res).error.details?.fields ?? []).map((f) => [f.field, f.message]));

  it('creates a product with its terms and modes once each, and changes it, both audited', async () => {
    const created = await save(PRODUCT);
    expect(created.statusCode, created.body).toBe(201);
    const product = json<TLoanProduct>(created);
    expect(product).toMatchObject({
      code: 'harvest',
      minAmount: '100000.00',
      maxAmount: '2000000.00',
      termOptions: [30, 90],
      modes: ['bullet'],
      dailyRate: '0.0004',
    });

    const changed = await save({ ...PRODUCT, dailyRate: '0.0006', isActive: false }, product.id);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(json<TLoanProduct>(changed)).toMatchObject({ dailyRate: '0.0006', isActive: false });
    const audited = await ctx.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'loan_product'), eq(auditLog.targetId, product.id)));
    expect(audited.map((a) => a.action).sort()).toEqual(['loan_product.create', 'loan_product.update']);
  });

  it('refuses a code another product has beside the code field, and stores nothing', async () => {
    const first = await save({ ...PRODUCT, code: 'twin' });
    expect(first.statusCode, first.body).toBe(201);
    const second = await save({ ...PRODUCT, code: 'twin', name: 'Second twin' });
    expect(second.statusCode).toBe(400);
    expect(refusedFields(second)).toEqual({ code: 'Another loan product already uses this code' });
    const twins = await ctx.database.db.select().from(loanProducts).where(eq(loanProducts.code, 'twin'));
    expect(twins.map((p) => p.name)).toEqual(['Harvest loan']);
  });

  it.each([
    ['a daily rate above 10 %', { dailyRate: '5' }, 'dailyRate', /daily rate from 0 to 0.1/],
    [
      'a negative penalty rate',
      { penaltyDailyRate: '-0.001' },
      'penaltyDailyRate',
      /daily rate from 0 to 0.1/,
    ],
    [
      'a smallest loan below the loan range',
      { minAmount: '99999.99' },
      'minAmount',
      /^Please enter an amount from 100,000 to 30,000,000$/,
    ],
    [
      'a largest loan of 21 digits (beyond what an amount column holds)',
      { maxAmount: '123456789012345678901' },
      'maxAmount',
      /^Please enter an amount from 100,000 to 30,000,000$/,
    ],
    ['a largest loan below the smallest', { minAmount: '200000', maxAmount: '150000' }, 'maxAmount', /below/],
    [
      'a verification threshold above every loan',
      { advancedAbove: '30000000.01' },
      'advancedAbove',
      /at most 30,000,000$/,
    ],
    ['a term beyond a year', { termOptions: [30, 366] }, 'termOptions.1', /from 1 to 365/],
  ])('refuses %s with its field and range', async (_, change, field, message) => {
    const res = await save({ ...PRODUCT, code: `bad-${field.toLowerCase().replace('.', '')}`, ...change });
    expect(res.statusCode, res.body).toBe(400);
    expect(json<TRefusal>(res).error.code).toBe('VALIDATION_FAILED');
    expect(refusedFields(res), res.body).toHaveProperty([field]);
    expect(refusedFields(res)[field]).toMatch(message);
  });
});
