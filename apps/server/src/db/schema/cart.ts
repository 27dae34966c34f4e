import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, ref, updatedAt } from '../columns';
import { users } from './accounts';

/** A logged-in buyer's cart lines; a visitor's cart lives in the browser until log in. */
export const cartItems = pgTable(
  'cart_items',
  {
    id: id(),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: ref('product_id').notNull(),
    variantId: ref('variant_id'),
    quantity: integer('quantity').notNull(),
    isChecked: boolean('is_checked').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('cart_items_user_idx').on(t.userId),
    uniqueIndex('cart_items_line_key').on(t.userId, t.productId, sql`coalesce(${t.variantId}, 0)`),
    check('cart_items_quantity_positive', sql`${t.quantity} > 0`),
  ],
);
