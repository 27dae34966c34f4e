import type { TImage, TLocalizedText } from '@caravan/contracts';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, ref, updatedAt } from '../columns';
import { users } from './accounts';

export const STORE_STATUSES = ['pending', 'active', 'suspended'] as const;

/** A seller's shop; its owner logs in to /seller. Counters are kept by the catalogue and orders. */
export const stores = pgTable(
  'stores',
  {
    id: id(),
    ownerUserId: ref('owner_user_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    logoUrl: text('logo_url'),
    bannerUrl: text('banner_url'),
    description: text('description').notNull().default(''),
    /** The language the seller writes in; product texts fall back to it. */
    lang: text('lang').notNull().default('en'),
    status: text('status', { enum: STORE_STATUSES }).notNull().default('active'),
    isRecommended: integer('is_recommended').notNull().default(0),
    followersCount: integer('followers_count').notNull().default(0),
    soldCount: integer('sold_count').notNull().default(0),
    pageViews: integer('page_views').notNull().default(0),
    goodReviews: integer('good_reviews').notNull().default(0),
    totalReviews: integer('total_reviews').notNull().default(0),
    /** Resized logo and banner (url of the largest variant, size, srcset). */
    logo: jsonb('logo').$type<TImage>(),
    banner: jsonb('banner').$type<TImage>(),
    goodsCount: integer('goods_count').notNull().default(0),
    // Seller panel (issue 12): shop settings, suspension by staff, low-stock threshold.
    descriptions: jsonb('descriptions').$type<TLocalizedText>().notNull().default({}),
    contactEmail: text('contact_email').notNull().default(''),
    contactPhone: text('contact_phone').notNull().default(''),
    shipFromCountry: text('ship_from_country').notNull().default(''),
    returnAddress: text('return_address').notNull().default(''),
    suspendedReason: text('suspended_reason'),
    lowStockThreshold: integer('low_stock_threshold').notNull().default(5),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('stores_owner_key').on(t.ownerUserId),
    index('stores_listing_idx').on(t.isRecommended.desc(), t.soldCount.desc(), t.id),
    check('stores_counters_nonnegative', sql`${t.followersCount} >= 0 and ${t.soldCount} >= 0`),
  ],
);
