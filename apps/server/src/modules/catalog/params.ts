import { FAVOURITE_LIMIT_DEFAULT, FOLLOW_LIMIT_DEFAULT, MAX_BUY_DEFAULT } from '@caravan/contracts';
import { eq } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { systemParams } from '../../db/schema';
import { CACHE_TTL, catalogCache } from './cache';

async function readIntParam(db: Executor, code: string, fallback: number): Promise<number> {
  const [row] = await db
    .select({ value: systemParams.value })
    .from(systemParams)
    .where(eq(systemParams.code, code))
    .limit(1);
  const value = row ? Number.parseInt(row.value, 10) : Number.NaN;
  return Number.isInteger(value) && value > 0 ? value : fallback;
}

/** Largest quantity of one item per order (system param mall_max_goods_number_in_order). */
export async function getMaxBuy(db: Database): Promise<number> {
  return catalogCache(db).getOrLoad('param:maxBuy', CACHE_TTL.params, () =>
    readIntParam(db, 'mall_max_goods_number_in_order', MAX_BUY_DEFAULT),
  );
}

/** Read fresh: the limit guards a seller's product write (its buy limits may not pass it). */
export async function readMaxBuy(db: Executor): Promise<number> {
  return readIntParam(db, 'mall_max_goods_number_in_order', MAX_BUY_DEFAULT);
}

/** Read fresh (inside the follow transaction): the limit guards a write. */
export async function getFollowLimit(db: Executor): Promise<number> {
  return readIntParam(db, 'follow_store_limit', FOLLOW_LIMIT_DEFAULT);
}

/** Read fresh (inside the favourite transaction): the limit guards a write. */
export async function getFavouriteLimit(db: Executor): Promise<number> {
  return readIntParam(db, 'favourite_goods_limit', FAVOURITE_LIMIT_DEFAULT);
}
