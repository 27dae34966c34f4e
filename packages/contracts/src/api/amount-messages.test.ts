import { describe, expect, it } from 'vitest';
import { V } from '../validation';
import { ZCreateCampaignRequest } from './coupons';
import { ZLoanProductRequest } from './loans';
import { ZRejectRecordRequest, ZUpdateChannelRequest } from './wallet';

/** The message keys of a refused value, by field. */
function messagesOf(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  expect(result.success).toBe(false);
  return Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
  );
}

describe('money and rate fields name the rule a value broke', () => {
  it('a channel: a fee of 0 or more, a rate below 1, limits in cents', () => {
    expect(ZUpdateChannelRequest.safeParse({ feeFixed: '0', feeRate: '0' }).success).toBe(true);
    expect(
      messagesOf(ZUpdateChannelRequest.safeParse({ feeFixed: 'abc', feeRate: '1.5', minAmount: '1.234' })),
    ).toEqual({
      feeFixed: V.amountOrZeroCents,
      feeRate: V.feeRate,
      minAmount: V.amountCents,
    });
    // Well written but below a deposit's own minimum of 1.
    expect(messagesOf(ZUpdateChannelRequest.safeParse({ minAmount: '0.50' }))).toEqual({
      minAmount: `${V.amountRange}?min=1&max=1000000000`,
    });
    expect(ZUpdateChannelRequest.safeParse({ minAmount: '1' }).success).toBe(true);
  });

  it('a channel: a fixed fee in whole cents (it is charged in cents), the rate as finely as before', () => {
    expect(messagesOf(ZUpdateChannelRequest.safeParse({ feeFixed: '0.125' }))).toEqual({
      feeFixed: V.amountOrZeroCents,
    });
    expect(ZUpdateChannelRequest.safeParse({ feeFixed: '0.12', feeRate: '0.00333' }).success).toBe(true);
    // The rate's own range is unchanged: from 0 to below 1, up to 10 decimals.
    expect(ZUpdateChannelRequest.safeParse({ feeRate: '0.9999999999' }).success).toBe(true);
    expect(messagesOf(ZUpdateChannelRequest.safeParse({ feeRate: '1' }))).toEqual({ feeRate: V.feeRate });
  });

  const product = {
    code: 'starter',
    kind: 'startup',
    name: 'Starter',
    minAmount: '100000',
    maxAmount: '1000000',
    termOptions: [30],
    dailyRate: '0.0005',
    modes: ['bullet'],
    cycleDays: 30,
    penaltyDailyRate: '0.001',
    graceDays: 3,
    advancedAbove: '500000',
  };

  it('a loan product: daily rates from 0 to 0.1, the maximum not below the minimum', () => {
    expect(ZLoanProductRequest.safeParse(product).success).toBe(true);
    expect(
      messagesOf(ZLoanProductRequest.safeParse({ ...product, dailyRate: '0.2', penaltyDailyRate: '1%' })),
    ).toEqual({
      dailyRate: V.dailyRate,
      penaltyDailyRate: V.dailyRate,
    });
    expect(messagesOf(ZLoanProductRequest.safeParse({ ...product, minAmount: '2000000' }))).toEqual({
      maxAmount: V.maxBelowMin,
    });
  });

  it('a loan product: amounts within the loan range, however many digits they have', () => {
    const range = `${V.amountRange}?min=100000&max=30000000`;
    expect(
      messagesOf(
        ZLoanProductRequest.safeParse({
          ...product,
          minAmount: '99999.99',
          maxAmount: '123456789012345678901234',
          advancedAbove: '30000000.01',
        }),
      ),
    ).toEqual({ minAmount: range, maxAmount: range, advancedAbove: `${V.amountUpTo}?max=30000000` });
    expect(messagesOf(ZLoanProductRequest.safeParse({ ...product, maxAmount: '1000000.001' }))).toEqual({
      maxAmount: V.amountCents,
    });
    expect(ZLoanProductRequest.safeParse({ ...product, maxAmount: '30000000.00' }).success).toBe(true);
  });

  it('a coupon campaign: an amount off above 0, a minimum spend of 0 or more, both in cents', () => {
    const campaign = {
      name: 'Spring',
      kind: 'amount',
      amountOff: '5',
      minSpend: '20',
      validUntil: '2030-01-01T00:00:00Z',
      perUserLimit: 1,
    };
    expect(messagesOf(ZCreateCampaignRequest.safeParse({ ...campaign, minSpend: 'ten' }))).toEqual({
      minSpend: V.amountOrZeroCents,
    });
    expect(messagesOf(ZCreateCampaignRequest.safeParse({ ...campaign, amountOff: '0' }))).toEqual({
      amountOff: V.amountCents,
    });
    expect(messagesOf(ZCreateCampaignRequest.safeParse({ ...campaign, amountOff: '1.555' }))).toEqual({
      amountOff: V.amountCents,
    });
  });
});

describe('a rejection reason', () => {
  it('left empty is "required", too long names the limit', () => {
    // Empty said "a reason of at most 255 characters", as if it had been too long.
    expect(messagesOf(ZRejectRecordRequest.safeParse({ reason: '  ' }))).toEqual({ reason: V.required });
    expect(messagesOf(ZRejectRecordRequest.safeParse({ reason: 'x'.repeat(256) }))).toEqual({
      reason: 'reason',
    });
    expect(ZRejectRecordRequest.safeParse({ reason: 'Transaction not found' }).success).toBe(true);
  });
});
