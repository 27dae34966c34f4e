import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, ref, updatedAt } from '../columns';
import { users } from './accounts';

/** A buyer's delivery addresses; at most one is the default. */
export const addresses = pgTable(
  'addresses',
  {
    id: id(),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    consignee: text('consignee').notNull(),
    areaCode: text('area_code').notNull(),
    phone: text('phone').notNull(),
    country: text('country').notNull(),
    countryName: text('country_name').notNull(),
    state: text('state').notNull().default(''),
    stateName: text('state_name').notNull().default(''),
    city: text('city').notNull().default(''),
    postcode: text('postcode').notNull(),
    detail: text('detail').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('addresses_user_idx').on(t.userId),
    uniqueIndex('addresses_one_default_key').on(t.userId).where(sql`${t.isDefault}`),
  ],
);
