import { index, pgTable, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, ref } from '../columns';
import { users } from './accounts';
import { products } from './catalog';
import { stores } from './stores';

/** keepGoods: a buyer's favourite products. */
export const favourites = pgTable(
  'favourites',
  {
    id: id(),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: ref('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('favourites_user_product_key').on(t.userId, t.productId),
    index('favourites_user_idx').on(t.userId, t.createdAt.desc()),
  ],
);

/** focusSeller: stores a buyer follows. */
export const storeFollows = pgTable(
  'store_follows',
  {
    id: id(),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    storeId: ref('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('store_follows_user_store_key').on(t.userId, t.storeId),
    index('store_follows_user_idx').on(t.userId, t.createdAt.desc()),
  ],
);
