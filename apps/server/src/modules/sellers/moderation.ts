import {
  formatMoney,
  type TAdminProduct,
  type TAdminProductsQueryParsed,
  type TAdminStore,
  type TAdminStoresQuery,
  type TImage,
  type TLocalizedText,
  type TPage,
} from '@caravan/contracts';
import { and, count, desc, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { listOrderBy } from '../../db/list-sort';
import { products, stores, users } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { recordAudit } from '../audit';
import { clearCatalogCache, foldedContainsSql } from '../catalog';
import { notify } from '../notifications';
import { pickName } from './present';

type TPaged = { pageNum: number; pageSize: number };

export async function listStoresForStaff(
  db: Database,
  query: TAdminStoresQuery & TPaged,
): Promise<TPage<TAdminStore>> {
  const conditions: SQL[] = [];
  if (query.status) {
    conditions.push(eq(stores.status, query.status));
  }
  if (query.keyword) {
    conditions.push(foldedContainsSql(sql`caravan_search_norm(${stores.name})`, query.keyword));
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: stores.id,
        name: stores.name,
        status: stores.status,
        suspendedReason: stores.suspendedReason,
        goodsCount: stores.goodsCount,
        createdAt: stores.createdAt,
        username: users.username,
        usercode: users.usercode,
      })
      .from(stores)
      .innerJoin(users, eq(users.id, stores.ownerUserId))
      .where(where)
      .orderBy(
        ...listOrderBy(query, { createdAt: stores.createdAt, goodsCount: stores.goodsCount }, stores.id, [
          desc(stores.id),
        ]),
      )
      .limit(query.pageSize)
      .offset((query.pageNum - 1) * query.pageSize),
    db.select({ n: count() }).from(stores).where(where),
  ]);
  return {
    pageList: rows.map((r) => ({
      id: String(r.id),
      name: r.name,
      ownerUsername: r.username ?? r.usercode,
      status: r.status,
      suspendedReason: r.suspendedReason,
      goodsCount: r.goodsCount,
      createdAt: r.createdAt.toISOString(),
    })),
    pageNum: query.pageNum,
    pageSize: query.pageSize,
    total: total?.n ?? 0,
  };
}

/**
 * Suspends a shop: its goods leave the storefront and search at once (every public read requires an
 * active shop) and checkout refuses them; orders already paid go on. Reinstating reverses it. Audited.
 */
export async function setStoreSuspended(
  db: Database,
  staffId: bigint,
  storeId: bigint,
  suspend: { reason: string } | null,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [store] = await tx
      .select({ status: stores.status, reason: stores.suspendedReason, ownerUserId: stores.ownerUserId })
      .from(stores)
      .where(eq(stores.id, storeId))
      .for('update');
    if (!store) {
      throw new AppError('STORE_NOT_FOUND');
    }
    const next = suspend ? 'suspended' : 'active';
    if ((suspend && store.status !== 'active') || (!suspend && store.status !== 'suspended')) {
      throw new AppError('STORE_STATUS_INVALID');
    }
    await tx
      .update(stores)
      .set({ status: next, suspendedReason: suspend?.reason ?? null, updatedAt: new Date() })
      .where(eq(stores.id, storeId));
    await recordAudit(tx, {
      staffId,
      action: suspend ? 'store.suspend' : 'store.reinstate',
      targetType: 'store',
      targetId: storeId,
      details: {
        before: { status: store.status, reason: store.reason },
        after: { status: next, reason: suspend?.reason ?? null },
      },
    });
    await notify(tx, {
      userId: store.ownerUserId,
      audience: 'seller',
      event: suspend ? 'shop.suspended' : 'shop.reinstated',
      params: suspend ? { reason: suspend.reason } : {},
    });
  });
  clearCatalogCache(db);
}

export async function listProductsForStaff(
  db: Database,
  lang: string,
  query: TAdminProductsQueryParsed,
): Promise<TPage<TAdminProduct>> {
  const conditions: SQL[] = [isNull(products.deletedAt)];
  if (query.storeId) {
    conditions.push(eq(products.storeId, BigInt(query.storeId)));
  }
  if (query.isTakenDown === true) {
    conditions.push(isNotNull(products.takenDownAt));
  } else if (query.isTakenDown === false) {
    conditions.push(isNull(products.takenDownAt));
  }
  if (query.keyword) {
    conditions.push(foldedContainsSql(sql`${products.searchText}`, query.keyword));
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: products.id,
        names: products.names,
        lang: products.lang,
        images: products.images,
        storeId: products.storeId,
        storeName: stores.name,
        price: products.price,
        soldCount: products.soldCount,
        isOnShelf: products.isOnShelf,
        takenDownReason: products.takenDownReason,
        takenDownAt: products.takenDownAt,
      })
      .from(products)
      .innerJoin(stores, eq(stores.id, products.storeId))
      .where(where)
      .orderBy(
        ...listOrderBy(query, { price: products.price, sales: products.soldCount }, products.id, [
          desc(products.id),
        ]),
      )
      .limit(query.pageSize)
      .offset((query.pageNum - 1) * query.pageSize),
    db.select({ n: count() }).from(products).where(where),
  ]);
  return {
    pageList: rows.map((r) => ({
      id: String(r.id),
      name: pickName(r.names as TLocalizedText, lang, r.lang),
      storeId: String(r.storeId),
      storeName: r.storeName,
      image: (r.images as TImage[])[0] ?? null,
      price: formatMoney(r.price),
      soldCount: r.soldCount,
      isOnShelf: r.isOnShelf,
      takenDownReason: r.takenDownReason,
      takenDownAt: r.takenDownAt ? r.takenDownAt.toISOString() : null,
    })),
    pageNum: query.pageNum,
    pageSize: query.pageSize,
    total: total?.n ?? 0,
  };
}

/**
 * Staff take a product down with a reason (catalog.manage): it goes off shelf, leaves the storefront and
 * search, and the seller sees the reason and cannot put it back on shelf until staff restore it.
 */
export async function setProductTakenDown(
  db: Database,
  staffId: bigint,
  productId: bigint,
  takeDown: { reason: string } | null,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [product] = await tx
      .select({
        isOnShelf: products.isOnShelf,
        reason: products.takenDownReason,
        takenDownAt: products.takenDownAt,
        deletedAt: products.deletedAt,
        names: products.names,
        lang: products.lang,
        ownerUserId: stores.ownerUserId,
      })
      .from(products)
      .innerJoin(stores, eq(stores.id, products.storeId))
      .where(eq(products.id, productId))
      .for('update', { of: products });
    if (!product || product.deletedAt) {
      throw new AppError('PRODUCT_NOT_FOUND');
    }
    if ((takeDown && product.takenDownAt) || (!takeDown && !product.takenDownAt)) {
      throw new AppError('PRODUCT_STATUS_INVALID');
    }
    await tx
      .update(products)
      .set(
        takeDown
          ? {
              isOnShelf: false,
              takenDownReason: takeDown.reason,
              takenDownAt: new Date(),
              updatedAt: new Date(),
            }
          : { takenDownReason: null, takenDownAt: null, updatedAt: new Date() },
      )
      .where(eq(products.id, productId));
    await recordAudit(tx, {
      staffId,
      action: takeDown ? 'product.take_down' : 'product.restore',
      targetType: 'product',
      targetId: productId,
      details: {
        before: { isOnShelf: product.isOnShelf, reason: product.reason },
        after: takeDown
          ? { isOnShelf: false, reason: takeDown.reason }
          : { isOnShelf: product.isOnShelf, reason: null },
      },
    });
    const name = pickName(product.names as TLocalizedText, product.lang, product.lang);
    await notify(tx, {
      userId: product.ownerUserId,
      audience: 'seller',
      event: takeDown ? 'product.takenDown' : 'product.restored',
      params: takeDown
        ? { productId: String(productId), name, reason: takeDown.reason }
        : { productId: String(productId), name },
    });
  });
  clearCatalogCache(db);
}
