import { z } from 'zod';
import { PAGE_SIZE } from '../constants';
import {
  messageWithValues,
  requiredOrInvalid,
  V,
  zChoice,
  zInstant,
  zPageQuery,
  zRequiredText,
  zWholeFromText,
} from '../validation';
import { zPageOf } from './admin';

export const COUPON_KIND_NAMES = ['amount', 'percent'] as const;
export type TCouponKind = (typeof COUPON_KIND_NAMES)[number];

const zCouponCode = z
  .string({ error: requiredOrInvalid })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9-]{4,32}$/, { error: V.couponCode });

export const ZClaimCouponRequest = z.strictObject({ code: zCouponCode });
export type TClaimCouponRequest = z.input<typeof ZClaimCouponRequest>;

/**
 * The name the welcome coupon's campaign is made with (SPEC §1). Buyers see a campaign's name as the staff wrote it;
 * this one, written by the platform, is shown in the buyer's language while it keeps it.
 */
export const WELCOME_COUPON_NAME = 'Welcome coupon';

export const ZUserCoupon = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  kind: z.enum(COUPON_KIND_NAMES),
  /** USDT off (amount) or whole percent off the goods (percent). */
  amountOff: z.string(),
  percentOff: z.number().int(),
  minSpend: z.string(),
  validUntil: z.string(),
  /** `stopped`: its campaign was stopped by staff before the coupon was used (it can no longer be used). */
  status: z.enum(['available', 'used', 'expired', 'stopped']),
  orderId: z.string().nullable(),
});
export type TUserCoupon = z.infer<typeof ZUserCoupon>;
export const ZUserCouponsResponse = z.object({ list: z.array(ZUserCoupon) });
export type TUserCouponsResponse = z.infer<typeof ZUserCouponsResponse>;

/** The largest amount a campaign's amount off or minimum spend can hold: 12 whole digits and 2 decimals. */
export const CAMPAIGN_AMOUNT_MAX = 999_999_999_999.99;

/**
 * Up to 12 whole digits and 2 decimals. `message` names what else the field needs (above 0, or 0 or more);
 * `tooHigh` says the largest amount, for a number of the right form that is too long ("with at most 2 decimals"
 * gave no hint of the limit).
 */
const zMoneyText = (message: string, tooHigh: string) =>
  z
    .string({ error: requiredOrInvalid })
    .trim()
    .regex(/^\d+(\.\d{1,2})?$/, { error: message, abort: true })
    .regex(/^\d{1,12}(\.|$)/, { error: tooHigh });

/** A whole number in a range, every failure (not a number, a fraction, out of range) with one message. */
const zWholeBetween = (min: number, max: number, message: string) => zWholeFromText(min, max, message);

export const ZCreateCampaignRequest = z
  .strictObject({
    name: zRequiredText(64),
    claimCode: zCouponCode.optional(),
    kind: zChoice(COUPON_KIND_NAMES),
    amountOff: zMoneyText(
      V.amountCents,
      messageWithValues(V.amountUpTo, { max: CAMPAIGN_AMOUNT_MAX }),
    ).optional(),
    percentOff: zWholeBetween(1, 90, V.couponPercent).optional(),
    minSpend: zMoneyText(
      V.amountOrZeroCents,
      messageWithValues(V.amountOrZeroUpTo, { max: CAMPAIGN_AMOUNT_MAX }),
    ),
    validFrom: zInstant.optional(),
    validUntil: zInstant,
    validDays: zWholeBetween(1, 3650, V.couponValidDays).optional(),
    perUserLimit: zWholeBetween(1, 100, V.couponPerUser),
    stock: zWholeBetween(1, 10_000_000, V.couponStock).optional(),
    isWelcome: z.boolean().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'amount') {
      if (!v.amountOff || Number(v.amountOff) <= 0) {
        ctx.addIssue({ code: 'custom', path: ['amountOff'], message: V.amountCents });
      } else if (Number(v.minSpend) <= Number(v.amountOff)) {
        // The goods must cost more than the coupon takes off: an order never becomes free.
        ctx.addIssue({ code: 'custom', path: ['minSpend'], message: V.couponMinSpend });
      }
    }
    if (v.kind === 'percent' && !v.percentOff) {
      ctx.addIssue({ code: 'custom', path: ['percentOff'], message: V.couponPercent });
    }
    if (Date.parse(v.validUntil) <= Date.now()) {
      ctx.addIssue({ code: 'custom', path: ['validUntil'], message: V.couponEndPast });
    } else if (v.validFrom && Date.parse(v.validFrom) >= Date.parse(v.validUntil)) {
      ctx.addIssue({ code: 'custom', path: ['validUntil'], message: V.couponDates });
    }
  });
export type TCreateCampaignRequest = z.input<typeof ZCreateCampaignRequest>;

export const ZCampaign = z.object({
  id: z.string(),
  name: z.string(),
  claimCode: z.string().nullable(),
  kind: z.enum(COUPON_KIND_NAMES),
  amountOff: z.string(),
  percentOff: z.number().int(),
  minSpend: z.string(),
  validFrom: z.string(),
  validUntil: z.string(),
  validDays: z.number().int().nullable(),
  perUserLimit: z.number().int(),
  stock: z.number().int().nullable(),
  issuedCount: z.number().int(),
  usedCount: z.number().int(),
  /** Discount the platform paid for orders placed with this campaign's coupons (USDT). */
  discountTotal: z.string(),
  isWelcome: z.boolean(),
  status: z.enum(['active', 'stopped']),
  createdAt: z.string(),
});
export type TCampaign = z.infer<typeof ZCampaign>;
export const ZCampaignsQuery = zPageQuery(PAGE_SIZE.list);
export const ZCampaignsResponse = zPageOf(ZCampaign);
export type TCampaignsResponse = z.infer<typeof ZCampaignsResponse>;
