import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ZAuditLogQuery } from './api/admin';
import { ZAdminDashboardQuery } from './api/admin-dashboard';
import { ZCreateCampaignRequest } from './api/coupons';
import { ZActivityRequest, ZBannerRequest } from './api/curation';
import { ZProductRequest } from './api/sellers';
import { ZAdminWalletListQuery } from './api/wallet';
import { DATE_MAX, DATE_MIN, V, zDay, zInstant } from './validation';

/** The message of the first issue on `field`, or undefined when the field has none. */
function messageOn(schema: z.ZodType, input: unknown, field: string): string | undefined {
  const result = schema.safeParse(input);
  return result.success ? undefined : result.error.issues.find((i) => i.path[0] === field)?.message;
}

describe('instants (zInstant)', () => {
  it('accepts every instant on a UTC day from 1970-01-01 to 9999-12-30, whatever its offset', () => {
    for (const value of [
      '1970-01-01T00:00:00Z',
      '1970-01-01T00:00:00.000Z',
      '1970-01-01T14:00:00+14:00',
      '1969-12-31T12:00:00-12:00',
      '2026-12-05T09:30:00+08:00',
      '9999-12-30T23:59:59.999Z',
      '9999-12-30T11:59:59-12:00',
      '9999-12-31T13:59:59+14:00',
    ]) {
      expect(zInstant.safeParse(value).success, value).toBe(true);
    }
  });

  it('refuses, saying the range, year 0, any instant before 1970 or after 9999-12-30 once the offset is applied', () => {
    for (const value of [
      '0000-01-01T00:00:00Z',
      '0000-01-01T00:00:00-14:00',
      '0001-01-01T00:00:00Z',
      '1969-12-31T23:59:59.999Z',
      '1970-01-01T00:00:00+00:01',
      '1970-01-01T13:59:59+14:00',
      '9999-12-31T00:00:00Z',
      '9999-12-30T12:00:00-12:00',
      '9999-12-31T23:59:59-12:00',
    ]) {
      const result = zInstant.safeParse(value);
      expect(result.success, value).toBe(false);
      expect(result.error?.issues[0]?.message, value).toBe(V.dateOutOfRange);
    }
  });

  it('still refuses what is no instant as not valid, and nothing as required', () => {
    for (const value of ['yesterday', '2026-02-29T00:00:00Z', '2026-01-01', '2026-01-01T00:00:00']) {
      expect(zInstant.safeParse(value).error?.issues[0]?.message, value).toBe(V.invalidValue);
    }
    expect(zInstant.safeParse('').error?.issues[0]?.message).toBe(V.required);
  });
});

describe('days (zDay)', () => {
  it('accepts 1970-01-01 to 9999-12-30', () => {
    for (const value of [DATE_MIN, '1970-01-02', '2024-02-29', '9999-12-29', DATE_MAX]) {
      expect(zDay.safeParse(value).success, value).toBe(true);
    }
  });

  it('refuses the days just outside, and year 0, saying the range', () => {
    for (const value of ['0000-01-01', '0001-01-01', '1969-12-31', '9999-12-31']) {
      expect(zDay.safeParse(value).error?.issues[0]?.message, value).toBe(V.dateOutOfRange);
    }
  });

  it('refuses a day the calendar does not have as not a valid date', () => {
    for (const value of ['2026-02-30', '2026-13-01', '26-01-01', '2026-01-01T00:00:00Z']) {
      expect(zDay.safeParse(value).error?.issues[0]?.message, value).toBe(V.date);
    }
  });
});

describe('every date input uses the bounded schemas', () => {
  const past = '0000-01-01T00:00:00Z';
  const beyond = '9999-12-31T23:59:59-12:00';

  it('lists: audit log, deposits and withdrawals', () => {
    for (const value of [past, beyond]) {
      expect(messageOn(ZAuditLogQuery, { createdFrom: value }, 'createdFrom')).toBe(V.dateOutOfRange);
      expect(messageOn(ZAuditLogQuery, { createdTo: value }, 'createdTo')).toBe(V.dateOutOfRange);
      expect(messageOn(ZAdminWalletListQuery, { createdFrom: value }, 'createdFrom')).toBe(V.dateOutOfRange);
      expect(messageOn(ZAdminWalletListQuery, { createdTo: value }, 'createdTo')).toBe(V.dateOutOfRange);
    }
    expect(ZAuditLogQuery.safeParse({ createdFrom: '1970-01-01T00:00:00Z' }).success).toBe(true);
    expect(ZAdminWalletListQuery.safeParse({ createdTo: '9999-12-30T23:59:59Z' }).success).toBe(true);
  });

  it('the dashboard: both days, with no range error on top', () => {
    for (const [from, to] of [
      ['0000-01-01', '0000-01-02'],
      ['9999-12-30', '9999-12-31'],
    ] as const) {
      const result = ZAdminDashboardQuery.safeParse({ from, to, utcOffsetMinutes: '-840' });
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((i) => i.message)).toEqual(
        from.startsWith('0000') ? [V.dateOutOfRange, V.dateOutOfRange] : [V.dateOutOfRange],
      );
    }
    expect(
      ZAdminDashboardQuery.safeParse({ from: '9999-12-29', to: DATE_MAX, utcOffsetMinutes: '-840' }).success,
    ).toBe(true);
    expect(
      ZAdminDashboardQuery.safeParse({ from: DATE_MIN, to: DATE_MIN, utcOffsetMinutes: '840' }).success,
    ).toBe(true);
  });

  it('periods: coupon campaigns, banners, activities, a product discount', () => {
    expect(messageOn(ZCreateCampaignRequest, { validUntil: beyond }, 'validUntil')).toBe(V.dateOutOfRange);
    expect(messageOn(ZCreateCampaignRequest, { validFrom: past }, 'validFrom')).toBe(V.dateOutOfRange);
    expect(messageOn(ZBannerRequest, { startsAt: past }, 'startsAt')).toBe(V.dateOutOfRange);
    expect(messageOn(ZBannerRequest, { endsAt: beyond }, 'endsAt')).toBe(V.dateOutOfRange);
    expect(messageOn(ZActivityRequest, { startsAt: past }, 'startsAt')).toBe(V.dateOutOfRange);
    expect(messageOn(ZActivityRequest, { endsAt: beyond }, 'endsAt')).toBe(V.dateOutOfRange);
    expect(messageOn(ZProductRequest, { discountEndsAt: beyond }, 'discountEndsAt')).toBe(V.dateOutOfRange);
    expect(
      messageOn(ZActivityRequest, { detailUrl: '/commodity', endsAt: '9999-12-30T00:00:00Z' }, 'endsAt'),
    ).toBe(undefined);
  });
});
