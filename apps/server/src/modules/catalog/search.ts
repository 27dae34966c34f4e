import { SUGGEST_LIMIT, type TLanguage, type TSearchQuery, type TSearchResponse } from '@caravan/contracts';
import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../http/app-error';
import { CACHE_TTL, catalogCache } from './cache';
import { rowsOf } from './present';
import { queryProductPage, VISIBLE } from './products';
import { resolveProductKeyword, storeKeywordSql } from './search-sql';
import { queryStorePage } from './stores';

function requireKeyword(keyword: string): string {
  if (!keyword) {
    throw new AppError('KEYWORD_REQUIRED');
  }
  return keyword;
}

async function findGoodsNames(db: Executor, lang: TLanguage, keyword: string, limit: number) {
  const match = await resolveProductKeyword(db, keyword);
  const result = await db.execute(sql`select p.id::text as id,
      coalesce(p.names->>${lang}, p.names->>p.lang, p.names->>'en', '') as name
    from products p join stores s on s.id = p.store_id
    where ${VISIBLE} and ${match.where}
    order by ${match.orderBy} limit ${limit}`);
  return rowsOf(result).map((r) => ({ id: String(r.id), name: String(r.name) }));
}

async function findStoreNames(db: Executor, keyword: string, limit: number) {
  const match = storeKeywordSql(keyword);
  const result = await db.execute(sql`select s.id::text as id, s.name from stores s
    where s.status = 'active' and ${match.where} order by ${match.orderBy} limit ${limit}`);
  return rowsOf(result).map((r) => ({ id: String(r.id), name: String(r.name) }));
}

export async function suggest(db: Database, lang: TLanguage, keyword: string) {
  if (!keyword) {
    return { keyword, goods: [], storesEntry: false };
  }
  return catalogCache(db).getOrLoad(`suggest:${lang}:${keyword}`, CACHE_TTL.list, async () => ({
    keyword,
    goods: await findGoodsNames(db, lang, keyword, SUGGEST_LIMIT),
    storesEntry: true,
  }));
}

export async function searchGoods(db: Database, lang: TLanguage, query: TSearchQuery) {
  const keyword = requireKeyword(query.k);
  return catalogCache(db).getOrLoad(
    `search-goods:${lang}:${keyword}:${query.pageNum}:${query.pageSize}`,
    CACHE_TTL.list,
    async () => {
      const match = await resolveProductKeyword(db, keyword);
      const request = {
        lang,
        where: [match.where],
        orderBy: match.orderBy,
        pageNum: query.pageNum,
        pageSize: query.pageSize,
        totalKey: `search:${keyword}`,
      };
      return queryProductPage(db, request);
    },
  );
}

export async function searchStores(db: Database, query: TSearchQuery) {
  const keyword = requireKeyword(query.k);
  return catalogCache(db).getOrLoad(
    `search-stores:${keyword}:${query.pageNum}:${query.pageSize}`,
    CACHE_TTL.list,
    () => {
      const match = storeKeywordSql(keyword);
      const options = {
        where: match.where,
        orderBy: match.orderBy,
        pageNum: query.pageNum,
        pageSize: query.pageSize,
        totalKey: `search:${keyword}`,
      };
      return queryStorePage(db, options);
    },
  );
}

/** SPEC §3 search response: matching goods and sellers (id and name); the web goes to goods if any. */
export async function searchAll(db: Database, lang: TLanguage, k: string): Promise<TSearchResponse> {
  const keyword = requireKeyword(k);
  return catalogCache(db).getOrLoad(`search-all:${lang}:${keyword}`, CACHE_TTL.list, async () => {
    const [goodsList, sellerList] = await Promise.all([
      findGoodsNames(db, lang, keyword, 20),
      findStoreNames(db, keyword, 20),
    ]);
    return { goodsList, sellerList };
  });
}
