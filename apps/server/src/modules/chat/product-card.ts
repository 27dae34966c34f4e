import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { products, stores } from '../../db/schema';
import { AppError } from '../../http/app-error';

/**
 * The product a card may show (docs/api.md, Chat: "the id of a product on sale"): not deleted, on the shelf (a
 * product taken down by staff is off it), in an active shop, and with `storeId` one of that shop's. The one rule for
 * a card someone sends and for the card a buyer opens a shop chat with, which showed off-shelf, deleted and
 * suspended shops' goods. Refuses with PRODUCT_NOT_FOUND, as the product page does.
 */
export async function findProductForCard(
  db: Executor,
  productId: bigint | null,
  storeId: bigint | null,
): Promise<{ id: bigint }> {
  const [product] =
    productId === null
      ? []
      : await db
          .select({ id: products.id })
          .from(products)
          .innerJoin(stores, eq(stores.id, products.storeId))
          .where(
            and(
              eq(products.id, productId),
              isNull(products.deletedAt),
              eq(products.isOnShelf, true),
              eq(stores.status, 'active'),
              storeId === null ? undefined : eq(products.storeId, storeId),
            ),
          );
  if (!product) {
    throw new AppError('PRODUCT_NOT_FOUND');
  }
  return product;
}
