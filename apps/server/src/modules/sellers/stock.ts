import {
  STOCK_MAX,
  type TLocalizedText,
  type TStockAdjustRequest,
  type TStockHistoryQuery,
  type TStockHistoryResponse,
  V,
  ZStockAdjustRequest,
} from '@caravan/contracts';
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { products, productVariants, stockAdjustments } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { clearCatalogCache } from '../catalog';
import { pickName } from './present';
import { findOwnProduct, type TSeller, variantValues } from './products';

/**
 * Adds `delta` (negative to remove) to a product's or variant's stock with a reason kept in the history.
 * Stock never goes below zero (STOCK_BELOW_ZERO) nor above STOCK_MAX, the most the product form takes (two
 * adjustments once reached 200,000,002, and the product could not be saved again); a product with variants is
 * adjusted per variant and its total follows.
 */
export async function adjustStock(
  db: Database,
  seller: TSeller,
  productId: bigint,
  input: TStockAdjustRequest,
): Promise<{ stock: number; variantStock: number | null }> {
  const body = ZStockAdjustRequest.parse(input);
  const staysInRange = (stock: SQL | typeof products.stock | typeof productVariants.stock) =>
    sql`${stock} + ${body.delta} between 0 and ${STOCK_MAX}`;
  const outOfRange = () =>
    body.delta > 0
      ? new AppError('VALIDATION_FAILED', { fields: [{ field: 'delta', message: V.stockTooHigh }] })
      : new AppError('STOCK_BELOW_ZERO', { field: 'delta' });
  const result = await db.transaction(async (tx) => {
    await findOwnProduct(tx, seller, productId, true);
    const [variantCount] = await tx
      .select({ n: count() })
      .from(productVariants)
      .where(eq(productVariants.productId, productId));
    const hasVariants = (variantCount?.n ?? 0) > 0;
    if (hasVariants !== (body.variantId !== null)) {
      throw new AppError('VARIANT_NOT_FOUND', { field: 'variantId' });
    }
    let variantStock: number | null = null;
    if (body.variantId !== null) {
      const [variant] = await tx
        .update(productVariants)
        .set({ stock: sql`${productVariants.stock} + ${body.delta}` })
        .where(
          and(
            eq(productVariants.id, BigInt(body.variantId)),
            eq(productVariants.productId, productId),
            staysInRange(productVariants.stock),
          ),
        )
        .returning({ stock: productVariants.stock });
      if (!variant) {
        const [exists] = await tx
          .select({ id: productVariants.id })
          .from(productVariants)
          .where(
            and(eq(productVariants.id, BigInt(body.variantId)), eq(productVariants.productId, productId)),
          );
        throw exists ? outOfRange() : new AppError('VARIANT_NOT_FOUND', { field: 'variantId' });
      }
      variantStock = variant.stock;
    }
    const [product] = await tx
      .update(products)
      .set({ stock: sql`${products.stock} + ${body.delta}`, updatedAt: new Date() })
      // With variants the total is their sum, which may pass STOCK_MAX; each variant is held to it above.
      .where(
        and(
          eq(products.id, productId),
          hasVariants ? sql`${products.stock} + ${body.delta} >= 0` : staysInRange(products.stock),
        ),
      )
      .returning({ stock: products.stock });
    if (!product) {
      throw outOfRange();
    }
    await tx.insert(stockAdjustments).values({
      storeId: seller.storeId,
      productId,
      variantId: body.variantId === null ? null : BigInt(body.variantId),
      delta: body.delta,
      stockAfter: variantStock ?? product.stock,
      reason: body.reason,
      userId: seller.id,
    });
    return { stock: product.stock, variantStock };
  });
  clearCatalogCache(db);
  return result;
}

export async function listStockHistory(
  db: Database,
  seller: TSeller,
  lang: string,
  query: TStockHistoryQuery & { pageNum: number; pageSize: number },
): Promise<TStockHistoryResponse> {
  const where = and(
    eq(stockAdjustments.storeId, seller.storeId),
    query.productId ? eq(stockAdjustments.productId, BigInt(query.productId)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        adj: stockAdjustments,
        names: products.names,
        lang: products.lang,
        attributes: products.attributes,
        variantAttrs: productVariants.attrs,
      })
      .from(stockAdjustments)
      .innerJoin(products, eq(products.id, stockAdjustments.productId))
      .leftJoin(productVariants, eq(productVariants.id, stockAdjustments.variantId))
      .where(where)
      .orderBy(desc(stockAdjustments.id))
      .limit(query.pageSize)
      .offset((query.pageNum - 1) * query.pageSize),
    db.select({ n: count() }).from(stockAdjustments).where(where),
  ]);
  return {
    pageList: rows.map((r) => ({
      id: String(r.adj.id),
      productId: String(r.adj.productId),
      productName: pickName(r.names as TLocalizedText, lang, r.lang),
      variantId: r.adj.variantId === null ? null : String(r.adj.variantId),
      // A variant deleted since keeps its adjustments; they then name no variant.
      variantName: r.variantAttrs
        ? variantValues(r.attributes, r.variantAttrs, lang).filter(Boolean).join(' / ')
        : null,
      delta: r.adj.delta,
      stockAfter: r.adj.stockAfter,
      reason: r.adj.reason,
      createdAt: r.adj.createdAt.toISOString(),
    })),
    pageNum: query.pageNum,
    pageSize: query.pageSize,
    total: total?.n ?? 0,
  };
}
