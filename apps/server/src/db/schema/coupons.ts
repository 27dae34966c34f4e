import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, money, ref, tstz, updatedAt } from '../columns';
import { users } from './accounts';

export const COUPON_KINDS = ['amount', 'percent'] as const;
export const CAMPAIGN_STATUSES = ['active', 'stopped'] as const;
export const USER_COUPON_STATUSES = ['available', 'used'] as const;

/**
 * Platform-made coupon campaigns. The platform pays for the discount (ledger account platform_marketing),
 * so the seller is settled on the full amount. `claim_code` lets users add a coupon to their account;
 * the welcome campaign issues one code per e-mail subscription instead.
 */
export const couponCampaigns = pgTable(
  'coupon_campaigns',
  {
    id: id(),
    name: text('name').notNull(),
    claimCode: text('claim_code'),
    kind: text('kind', { enum: COUPON_KINDS }).notNull(),
    /** Amount off in USDT (kind amount) or whole percent off the goods (kind percent). */
    amountOff: money('amount_off').notNull().default(sql`0`),
    percentOff: integer('percent_off').notNull().default(0),
    minSpend: money('min_spend').notNull().default(sql`0`),
    validFrom: tstz('valid_from').notNull().defaultNow(),
    validUntil: tstz('valid_until').notNull(),
    /** Days a claimed coupon stays valid (capped by valid_until); null: until valid_until. */
    validDays: integer('valid_days'),
    perUserLimit: integer('per_user_limit').notNull().default(1),
    /** Coupons that may be issued in all; null: no limit. */
    stock: integer('stock'),
    issuedCount: integer('issued_count').notNull().default(0),
    usedCount: integer('used_count').notNull().default(0),
    isWelcome: boolean('is_welcome').notNull().default(false),
    status: text('status', { enum: CAMPAIGN_STATUSES }).notNull().default('active'),
    createdByStaffId: ref('created_by_staff_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('coupon_campaigns_claim_code_key').on(sql`upper(${t.claimCode})`),
    check('coupon_campaigns_stock_used', sql`${t.stock} is null or ${t.issuedCount} <= ${t.stock}`),
    check('coupon_campaigns_percent', sql`${t.percentOff} between 0 and 90`),
  ],
);

/** One coupon: issued to a user (or, for a subscription, to an e-mail until someone adds its code). */
export const userCoupons = pgTable(
  'user_coupons',
  {
    id: id(),
    campaignId: ref('campaign_id')
      .notNull()
      .references(() => couponCampaigns.id),
    code: text('code').notNull(),
    userId: ref('user_id').references(() => users.id),
    email: text('email'),
    status: text('status', { enum: USER_COUPON_STATUSES }).notNull().default('available'),
    validUntil: tstz('valid_until').notNull(),
    orderId: ref('order_id'),
    usedAt: tstz('used_at'),
    claimedAt: tstz('claimed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('user_coupons_code_key').on(t.code),
    index('user_coupons_user_idx').on(t.userId, t.status),
    index('user_coupons_order_idx').on(t.orderId),
    index('user_coupons_campaign_idx').on(t.campaignId),
  ],
);
