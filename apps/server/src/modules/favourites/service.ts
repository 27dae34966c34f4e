import type { TFavouriteProductPage, TFollowedStorePage, TLanguage } from '@caravan/contracts';
import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../http/app-error';
import {
  cardColumns,
  getFavouriteLimit,
  getFollowLimit,
  rowsOf,
  STORE_CARD_COLUMNS,
  toCard,
  toInt,
  toIso,
  toStoreCard,
} from '../catalog';

type TPage = { pageNum: number; pageSize: number };

async function countFavourites(db: Executor, userId: bigint): Promise<number> {
  const r = await db.execute(
    sql`select count(*)::int as n from favourites where user_id = ${String(userId)}::bigint`,
  );
  return toInt(rowsOf(r)[0]?.n ?? 0);
}

async function countFollows(db: Database, userId: bigint): Promise<number> {
  const r = await db.execute(
    sql`select count(*)::int as n from store_follows where user_id = ${String(userId)}::bigint`,
  );
  return toInt(rowsOf(r)[0]?.n ?? 0);
}

export async function listFavouriteProducts(
  db: Database,
  lang: TLanguage,
  userId: bigint,
  page: TPage,
): Promise<TFavouriteProductPage> {
  const [rows, total] = await Promise.all([
    db.execute(sql`select ${cardColumns(lang)}, p.is_on_shelf, f.created_at as favourited_at
      from favourites f join products p on p.id = f.product_id join stores s on s.id = p.store_id
      where f.user_id = ${String(userId)}::bigint
      order by f.created_at desc, f.id desc
      limit ${page.pageSize} offset ${(page.pageNum - 1) * page.pageSize}`),
    countFavourites(db, userId),
  ]);
  const now = new Date();
  return {
    pageList: rowsOf(rows).map((r) => ({
      ...toCard(r, now),
      isOnShelf: r.is_on_shelf === true,
      favouritedAt: toIso(r.favourited_at),
    })),
    pageNum: page.pageNum,
    pageSize: page.pageSize,
    total,
  };
}

/**
 * Keeps a product as a favourite. The number of favourites is capped by the system parameter
 * favourite_goods_limit, checked under a lock on the user row so parallel requests cannot pass it.
 */
export async function addFavouriteProduct(db: Database, userId: bigint, productId: string) {
  const found = await db.execute(sql`select p.is_on_shelf, s.status from products p
    join stores s on s.id = p.store_id where p.id = ${productId}::bigint`);
  const product = rowsOf(found)[0];
  if (!product) {
    throw new AppError('PRODUCT_NOT_FOUND');
  }
  if (product.is_on_shelf !== true || product.status !== 'active') {
    throw new AppError('GOODS_OFF_SHELF');
  }
  return db.transaction(async (tx) => {
    await tx.execute(sql`select id from users where id = ${String(userId)}::bigint for update`);
    const existing = await tx.execute(sql`select 1 from favourites
      where user_id = ${String(userId)}::bigint and product_id = ${productId}::bigint`);
    if (rowsOf(existing).length === 0) {
      const limit = await getFavouriteLimit(tx);
      if ((await countFavourites(tx, userId)) >= limit) {
        throw new AppError('FAVOURITE_LIMIT_REACHED', { limit }, { limit });
      }
      await tx.execute(sql`insert into favourites (user_id, product_id)
        values (${String(userId)}::bigint, ${productId}::bigint)`);
    }
    return { isFavourite: true, count: await countFavourites(tx, userId) };
  });
}

export async function removeFavouriteProduct(db: Database, userId: bigint, productId: string) {
  await db.execute(sql`delete from favourites
    where user_id = ${String(userId)}::bigint and product_id = ${productId}::bigint`);
  return { isFavourite: false, count: await countFavourites(db, userId) };
}

export async function getFavouriteCount(db: Database, userId: bigint) {
  return { count: await countFavourites(db, userId) };
}

export async function listFollowedStores(
  db: Database,
  userId: bigint,
  page: TPage,
): Promise<TFollowedStorePage> {
  const [rows, total] = await Promise.all([
    db.execute(sql`select ${STORE_CARD_COLUMNS}, f.created_at as followed_at
      from store_follows f join stores s on s.id = f.store_id
      where f.user_id = ${String(userId)}::bigint
      order by f.created_at desc, f.id desc
      limit ${page.pageSize} offset ${(page.pageNum - 1) * page.pageSize}`),
    countFollows(db, userId),
  ]);
  return {
    pageList: rowsOf(rows).map((r) => ({ ...toStoreCard(r), followedAt: toIso(r.followed_at) })),
    pageNum: page.pageNum,
    pageSize: page.pageSize,
    total,
  };
}

/**
 * Follows a store. A seller follows no store (SPEC §5, §6), and is told so for his own one; the number of
 * follows is capped by the system parameter follow_store_limit, checked under a lock on the user row so
 * parallel requests cannot pass it.
 */
export async function followStore(db: Database, userId: bigint, storeId: string) {
  return db.transaction(async (tx) => {
    const found = await tx.execute(sql`select owner_user_id::text as owner, status,
        exists (select 1 from stores mine where mine.owner_user_id = ${String(userId)}::bigint) as is_seller
      from stores where id = ${storeId}::bigint`);
    const store = rowsOf(found)[0];
    if (store?.status !== 'active') {
      throw new AppError('STORE_NOT_FOUND');
    }
    if (store.owner === String(userId)) {
      throw new AppError('FOLLOW_OWN_STORE');
    }
    if (store.is_seller === true) {
      throw new AppError('SELLER_CANNOT_FOLLOW');
    }
    await tx.execute(sql`select id from users where id = ${String(userId)}::bigint for update`);
    const existing = await tx.execute(sql`select 1 from store_follows
      where user_id = ${String(userId)}::bigint and store_id = ${storeId}::bigint`);
    if (rowsOf(existing).length === 0) {
      const limit = await getFollowLimit(tx);
      const counted = await tx.execute(
        sql`select count(*)::int as n from store_follows where user_id = ${String(userId)}::bigint`,
      );
      if (toInt(rowsOf(counted)[0]?.n ?? 0) >= limit) {
        throw new AppError('FOLLOW_LIMIT_REACHED', { limit }, { limit });
      }
      await tx.execute(sql`insert into store_follows (user_id, store_id)
        values (${String(userId)}::bigint, ${storeId}::bigint)`);
      await tx.execute(
        sql`update stores set followers_count = followers_count + 1 where id = ${storeId}::bigint`,
      );
    }
    const state = await tx.execute(sql`select
        (select count(*)::int from store_follows where user_id = ${String(userId)}::bigint) as n,
        (select followers_count from stores where id = ${storeId}::bigint) as followers`);
    const row = rowsOf(state)[0]!;
    return { isFollowed: true, count: toInt(row.n), followersCount: toInt(row.followers) };
  });
}

export async function unfollowStore(db: Database, userId: bigint, storeId: string) {
  return db.transaction(async (tx) => {
    const removed = await tx.execute(sql`delete from store_follows
      where user_id = ${String(userId)}::bigint and store_id = ${storeId}::bigint returning id`);
    if (rowsOf(removed).length > 0) {
      await tx.execute(sql`update stores set followers_count = greatest(followers_count - 1, 0)
        where id = ${storeId}::bigint`);
    }
    const state = await tx.execute(sql`select
        (select count(*)::int from store_follows where user_id = ${String(userId)}::bigint) as n,
        (select followers_count from stores where id = ${storeId}::bigint) as followers`);
    const row = rowsOf(state)[0]!;
    return { isFollowed: false, count: toInt(row.n), followersCount: toInt(row.followers ?? 0) };
  });
}

export async function getFollowCount(db: Database, userId: bigint) {
  return { count: await countFollows(db, userId) };
}
