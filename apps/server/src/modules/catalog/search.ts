import { SUGGEST_LIMIT, type TLanguage, type TSearchQuery, type TSearchResponse } from '@caravan/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../http/app-error';
import { CACHE_TTL, catalogCache } from './cache';
import { rowsOf } from './present';
import {
  LIST_WINDOW_ROWS,
  loadProductTotal,
  queryProductCards,
  queryProductIds,
  queryProductPage,
  SORT_SQL,
  VISIBLE,
  VISIBLE_INDEXED,
  windowPlaceOf,
} from './products';
import { resolveProductKeyword, storeKeywordSql, type TKeywordSql } from './search-sql';
import { queryStorePage } from './stores';

function requireKeyword(keyword: string): string {
  if (!keyword) {
    throw new AppError('KEYWORD_REQUIRED');
  }
  return keyword;
}

/**
 * A keyword matching more goods than this lists them best-selling first, with the planner's estimate as
 * total. Ranking every match by relevance reads every matching row, and at a million products a common word
 * ('cotton': 47,000 goods, one per table page) took 0.8 s for the page and 0.6 s for its count; best-selling
 * first walks the sales index and stops at the page (issue 11, speed at scale). Fewer matches are ranked
 * by relevance (exact name, name prefix, text rank, sales) and counted exactly, as before.
 */
export const SEARCH_TUNING = { broadKeywordMatches: 5_000 };

/** The planner's estimate of the visible goods matching `where` (statistics only, no rows read). */
async function estimateMatches(db: Executor, where: SQL): Promise<number> {
  const result = await db.execute(
    sql`explain (format json) select 1 from products p where ${VISIBLE_INDEXED} and ${where}`,
  );
  const plan = rowsOf(result)[0]?.['QUERY PLAN'];
  const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as {
    Plan?: { 'Plan Rows'?: number };
  }[];
  return Math.round(Number(parsed[0]?.Plan?.['Plan Rows'] ?? 0));
}

/** The keyword's conditions, and for a broad keyword its estimated total with best-selling order. */
async function planKeyword(db: Executor, keyword: string): Promise<TKeywordSql & { broadTotal?: number }> {
  const match = await resolveProductKeyword(db, keyword);
  const estimate = await estimateMatches(db, match.where);
  return estimate > SEARCH_TUNING.broadKeywordMatches
    ? { where: match.where, orderBy: SORT_SQL.sales, broadTotal: estimate }
    : match;
}

/**
 * The keyword's plan, shared by all its pages and by suggestions for a cache period: deciding it takes up to
 * four queries (synonyms, word match, substring match, typo corrections) and an estimate, seconds for a
 * mistyped word at a million products.
 */
function cachedPlan(db: Database, keyword: string) {
  return catalogCache(db).getOrLoad(`keyword-plan:${keyword}`, CACHE_TTL.search, () =>
    planKeyword(db, keyword),
  );
}

async function findGoodsNames(db: Database, lang: TLanguage, keyword: string, limit: number) {
  const match = await cachedPlan(db, keyword);
  const result = await db.execute(sql`select p.id::text as id,
      coalesce(p.names->>${lang}, p.names->>'en', p.names->>p.lang, '') as name
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

/** How many matches suggestions read to find SUGGEST_LIMIT distinct names (several shops sell the same name). */
const SUGGEST_READ_ROWS = SUGGEST_LIMIT * 5;

/** Each shown name once (the first, best-ranked), compared trimmed and case-insensitively; order kept. */
function distinctNames<T extends { name: string }>(goods: T[], limit: number): T[] {
  const seen = new Set<string>();
  const distinct: T[] = [];
  for (const item of goods) {
    const key = item.name.trim().replace(/\s+/g, ' ').toLowerCase();
    if (key === '' || seen.has(key)) {
      continue;
    }
    seen.add(key);
    distinct.push(item);
    if (distinct.length === limit) {
      break;
    }
  }
  return distinct;
}

export async function suggest(db: Database, lang: TLanguage, keyword: string) {
  if (!keyword) {
    return { keyword, goods: [], storesEntry: false };
  }
  return catalogCache(db).getOrLoad(`suggest:${lang}:${keyword}`, CACHE_TTL.search, async () => ({
    keyword,
    // Suggestions are search terms: "Elegant Wool Jackets" from three shops read as the same entry three times.
    goods: distinctNames(await findGoodsNames(db, lang, keyword, SUGGEST_READ_ROWS), SUGGEST_LIMIT),
    storesEntry: true,
  }));
}

/**
 * A page of a keyword's goods. Ranking is the costly part (every match is read and ordered: 30 ms of PostgreSQL's
 * CPU for a common word at 100,000 products) and does not depend on the language, so the ranked ids are kept per
 * keyword in runs of LIST_WINDOW_ROWS, shared by the run's pages in every language; a page then reads only its
 * own cards by id (issue 11, speed at scale: the ranking was 40 % of PostgreSQL's CPU under the page bench, made
 * again for each language and page). Any catalogue change drops the ids with the rest.
 */
export async function searchGoods(db: Database, lang: TLanguage, query: TSearchQuery) {
  const keyword = requireKeyword(query.k);
  const cache = catalogCache(db);
  return cache.getOrLoad(
    `search-goods:${lang}:${keyword}:${query.pageNum}:${query.pageSize}`,
    CACHE_TTL.search,
    async () => {
      const match = await cachedPlan(db, keyword);
      const request = {
        lang,
        where: [match.where],
        orderBy: match.orderBy,
        pageNum: query.pageNum,
        pageSize: query.pageSize,
        totalKey: `search:${keyword}`,
        knownTotal: match.broadTotal === undefined ? undefined : Promise.resolve(match.broadTotal),
      };
      const place = windowPlaceOf(query.pageNum, query.pageSize);
      if (!place) {
        return queryProductPage(db, request);
      }
      const { windowStart, from } = place;
      // A narrow keyword's first window is ranked from every match, so the same read counts them: the count on
      // its own read them all again (half of PostgreSQL's time for search under the page bench).
      const isCounted = windowStart === 0 && request.knownTotal === undefined;
      const [window, separateTotal] = await Promise.all([
        cache.getOrLoad(`search-ids:${windowStart}:${keyword}`, CACHE_TTL.search, () =>
          queryProductIds(db, request, { offset: windowStart, limit: LIST_WINDOW_ROWS, isCounted }),
        ),
        isCounted ? undefined : loadProductTotal(db, request),
      ]);
      const total = separateTotal ?? window.total ?? (await loadProductTotal(db, request));
      return {
        pageList: await queryProductCards(db, lang, window.ids.slice(from, from + query.pageSize)),
        pageNum: query.pageNum,
        pageSize: query.pageSize,
        total,
      };
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
  return catalogCache(db).getOrLoad(`search-all:${lang}:${keyword}`, CACHE_TTL.search, async () => {
    const [goodsList, sellerList] = await Promise.all([
      findGoodsNames(db, lang, keyword, 20),
      findStoreNames(db, keyword, 20),
    ]);
    return { goodsList, sellerList };
  });
}
