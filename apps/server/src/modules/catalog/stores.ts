import type { TLanguage, TStoreCard, TStoreDetail } from '@caravan/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../http/app-error';
import { CACHE_TTL, catalogCache } from './cache';
import { rowsOf, STORE_CARD_COLUMNS, type TRow, toInt, toIso, toStoreCard } from './present';

export type TStorePage = { pageList: TStoreCard[]; pageNum: number; pageSize: number; total: number };

export async function queryStorePage(
  db: Database,
  options: { where?: SQL; orderBy?: SQL; pageNum: number; pageSize: number; totalKey: string },
  executor: Executor = db,
): Promise<TStorePage> {
  const where = options.where ? sql`s.status = 'active' and ${options.where}` : sql`s.status = 'active'`;
  const orderBy = options.orderBy ?? sql`s.is_recommended desc, s.sold_count desc, s.id`;
  const loadRows = () =>
    executor.execute(sql`select ${STORE_CARD_COLUMNS} from stores s where ${where}
      order by ${orderBy} limit ${options.pageSize} offset ${(options.pageNum - 1) * options.pageSize}`);
  const loadTotal = () =>
    catalogCache(db).getOrLoad(`stores-total:${options.totalKey}`, CACHE_TTL.total, async () => {
      const r = await executor.execute(sql`select count(*)::int as n from stores s where ${where}`);
      return toInt(rowsOf(r)[0]?.n ?? 0);
    });
  const [rows, total] =
    executor === db ? await Promise.all([loadRows(), loadTotal()]) : [await loadRows(), await loadTotal()];
  return {
    pageList: rowsOf(rows).map(toStoreCard),
    pageNum: options.pageNum,
    pageSize: options.pageSize,
    total,
  };
}

export async function listStores(db: Database, pageNum: number, pageSize: number): Promise<TStorePage> {
  return catalogCache(db).getOrLoad(`stores:${pageNum}:${pageSize}`, CACHE_TTL.list, () =>
    queryStorePage(db, { pageNum, pageSize, totalKey: 'all' }),
  );
}

/**
 * A store's page header. A visitor's is kept like a product's detail (CACHE_TTL.detail; any catalogue change drops
 * it): it counts the store's goods, thousands of rows, and the store page and every page of its goods asked for it
 * (issue 11, speed at scale: 6 ms of PostgreSQL's CPU each time under the page bench). A logged-in buyer's is read
 * fresh, with whether he follows the store: after following, he sees the new followers count at once.
 */
export async function getStoreDetail(
  db: Database,
  _lang: TLanguage,
  id: string,
  userId: bigint | null,
): Promise<TStoreDetail> {
  if (userId === null) {
    return catalogCache(db).getOrLoad(`store:${id}`, CACHE_TTL.detail, () => loadStoreDetail(db, id, null));
  }
  return loadStoreDetail(db, id, userId);
}

async function loadStoreDetail(db: Database, id: string, userId: bigint | null): Promise<TStoreDetail> {
  const [result, followed] = await Promise.all([
    db.execute(sql`select ${STORE_CARD_COLUMNS}, s.banner, s.lang, s.status, s.created_at,
        (select count(*)::int from products p where p.store_id = s.id and p.is_on_shelf) as goods_count
      from stores s where s.id = ${id}::bigint`),
    userId === null
      ? Promise.resolve(false)
      : db
          .execute(
            sql`select 1 from store_follows where user_id = ${String(userId)}::bigint and store_id = ${id}::bigint`,
          )
          .then((r) => rowsOf(r).length > 0),
  ]);
  const row: TRow | undefined = rowsOf(result)[0];
  if (row?.status !== 'active') {
    throw new AppError('STORE_NOT_FOUND');
  }
  return {
    ...toStoreCard(row),
    banner: (row.banner as TStoreDetail['banner']) ?? null,
    lang: String(row.lang),
    goodsCount: toInt(row.goods_count),
    totalReviews: toInt(row.total_reviews),
    isFollowed: followed,
    createdAt: toIso(row.created_at),
  };
}

export async function recordStoreView(db: Database, id: string, isCounted = true): Promise<number> {
  const result = await db.execute(
    isCounted
      ? sql`update stores set page_views = page_views + 1
    where id = ${id}::bigint and status = 'active' returning page_views`
      : sql`select page_views from stores where id = ${id}::bigint and status = 'active'`,
  );
  const row = rowsOf(result)[0];
  if (!row) {
    throw new AppError('STORE_NOT_FOUND');
  }
  return toInt(row.page_views);
}
