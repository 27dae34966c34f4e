import {
  PAGE_SIZE,
  type THomeList,
  type THomePinSection,
  type THomeResponse,
  type TLanguage,
} from '@caravan/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { CACHE_TTL, catalogCache } from './cache';
import { getRecommendedCategories } from './categories';
import { pickText, rowsOf } from './present';
import { ACTIVE_DISCOUNT, queryProductPage, SORT_SQL } from './products';
import { queryStorePage } from './stores';

type TProductList = Exclude<THomeList, 'stores' | 'guess'>;

const LISTS: Record<TProductList, { where: SQL[]; orderBy: SQL }> = {
  recommended: { where: [sql`p.is_recommended`], orderBy: SORT_SQL.sales },
  new: { where: [], orderBy: SORT_SQL.newest },
  hot: { where: [], orderBy: SORT_SQL.sales },
  discounted: { where: [ACTIVE_DISCOUNT], orderBy: SORT_SQL.newest },
};

/** The viewer's recent views and favourites point to categories; guess-you-like shows best sellers there. */
function guessWhere(viewer: string | null, userId: bigint | null): SQL {
  const uid = userId === null ? null : String(userId);
  return sql`p.category_id in (
      select category_id from (select category_id from product_views where viewer = ${viewer ?? ''}
        order by viewed_at desc limit 20) v
      union
      select p2.category_id from (select product_id from favourites where user_id = ${uid}::bigint
        order by created_at desc limit 20) f join products p2 on p2.id = f.product_id)
    and p.id not in (select product_id from product_views where viewer = ${viewer ?? ''})`;
}

async function hasSignal(db: Database, viewer: string | null, userId: bigint | null): Promise<boolean> {
  if (viewer === null && userId === null) {
    return false;
  }
  const uid = userId === null ? null : String(userId);
  const result =
    await db.execute(sql`select exists(select 1 from product_views where viewer = ${viewer ?? ''})
    or exists(select 1 from favourites where user_id = ${uid}::bigint) as found`);
  return rowsOf(result)[0]?.found === true;
}

export async function getHomeList(
  db: Database,
  lang: TLanguage,
  list: THomeList,
  page: { pageNum: number; pageSize: number },
  viewer: { key: string | null; userId: bigint | null },
) {
  if (list === 'stores') {
    return {
      stores: await catalogCache(db).getOrLoad(
        `home:stores:${page.pageNum}:${page.pageSize}`,
        CACHE_TTL.home,
        () => queryStorePage(db, { ...page, totalKey: 'all' }),
      ),
    };
  }
  if (list === 'guess') {
    if (await hasSignal(db, viewer.key, viewer.userId)) {
      const products = await queryProductPage(db, {
        lang,
        where: [guessWhere(viewer.key, viewer.userId)],
        orderBy: SORT_SQL.sales,
        ...page,
        totalKey: null,
      });
      if (products.total > 0) {
        return { products };
      }
    }
    return getHomeList(db, lang, 'hot', page, viewer);
  }
  const spec = LISTS[list];
  return {
    products: await catalogCache(db).getOrLoad(
      `home:${list}:${lang}:${page.pageNum}:${page.pageSize}`,
      CACHE_TTL.home,
      () => queryProductPage(db, { lang, ...spec, ...page, totalKey: `home:${list}` }),
    ),
  };
}

/** Staff pins per home section (admin curation), in their order. */
async function loadHomePins(db: Database): Promise<Map<THomePinSection, string[]>> {
  const result = await db.execute(
    sql`select section, target_id::text as id from home_pins order by sort, id`,
  );
  const pins = new Map<THomePinSection, string[]>();
  for (const row of rowsOf(result)) {
    const section = row.section as THomePinSection;
    pins.set(section, [...(pins.get(section) ?? []), String(row.id)]);
  }
  return pins;
}

function idList(ids: readonly string[]): SQL {
  return sql.join(
    ids.map((id) => sql`${id}::bigint`),
    sql`, `,
  );
}

/** Pinned items first (those still shown), then the automatic ones that are not pinned, up to `size`. */
function pinnedFirst<T extends { id: string }>(pinned: readonly T[], auto: readonly T[], size: number): T[] {
  const seen = new Set(pinned.map((item) => item.id));
  return [...pinned, ...auto.filter((item) => !seen.has(item.id))].slice(0, size);
}

async function loadPinnedProducts(
  db: Database,
  lang: TLanguage,
  ids: readonly string[] | undefined,
  where: SQL[],
) {
  if (!ids || ids.length === 0) {
    return [];
  }
  const page = await queryProductPage(db, {
    lang,
    where: [sql`p.id in (${idList(ids)})`, ...where],
    orderBy: sql`array_position(array[${idList(ids)}], p.id)`,
    pageNum: 1,
    pageSize: ids.length,
    totalKey: null,
  });
  return page.pageList;
}

async function loadPinnedStores(db: Database, ids: readonly string[] | undefined) {
  if (!ids || ids.length === 0) {
    return [];
  }
  const page = await queryStorePage(db, {
    where: sql`s.id in (${idList(ids)})`,
    orderBy: sql`array_position(array[${idList(ids)}], s.id)`,
    pageNum: 1,
    pageSize: ids.length,
    totalKey: `pins:${ids.join(',')}`,
  });
  return page.pageList;
}

/** Everything the home page shows, 12 per list, in one answer; staff pins lead each section. */
export async function getHome(
  db: Database,
  lang: TLanguage,
  viewer: { key: string | null; userId: bigint | null },
): Promise<THomeResponse> {
  const page = { pageNum: 1, pageSize: PAGE_SIZE.home };
  const shared = await catalogCache(db).getOrLoad(`home:${lang}`, CACHE_TTL.home, async () => {
    const pins = await loadHomePins(db);
    const [pinned, banners, categories, recommended, fresh, hot, discounted, stores] = await Promise.all([
      Promise.all([
        loadPinnedProducts(db, lang, pins.get('recommendGoods'), []),
        loadPinnedProducts(db, lang, pins.get('newGoods'), []),
        loadPinnedProducts(db, lang, pins.get('hotGoods'), []),
        loadPinnedProducts(db, lang, pins.get('discountGoods'), [ACTIVE_DISCOUNT]),
        loadPinnedStores(db, pins.get('recommendStores')),
      ]),
      // Live banners of this language: active, inside their schedule, and for every language or this one.
      db.execute(sql`select id::text as id, titles, subtitles, image, images, link from banners
        where is_active and (starts_at is null or starts_at <= now()) and (ends_at is null or ends_at > now())
          and (cardinality(languages) = 0 or ${lang} = any(languages))
        order by sort, id limit 10`),
      getRecommendedCategories(db, lang, pins.get('recommendCategories')),
      getHomeList(db, lang, 'recommended', page, viewer),
      getHomeList(db, lang, 'new', page, viewer),
      getHomeList(db, lang, 'hot', page, viewer),
      getHomeList(db, lang, 'discounted', page, viewer),
      getHomeList(db, lang, 'stores', page, viewer),
    ]);
    return {
      banners: rowsOf(banners).map((b) => ({
        id: String(b.id),
        title: pickText(b.titles as Record<string, string>, lang, 'en'),
        subtitle: pickText(b.subtitles as Record<string, string>, lang, 'en'),
        image: ((b.images as Record<string, unknown>)[lang] ??
          b.image) as THomeResponse['banners'][number]['image'],
        link: String(b.link),
      })),
      categories,
      recommended: pinnedFirst(pinned[0], recommended.products?.pageList ?? [], page.pageSize),
      new: pinnedFirst(pinned[1], fresh.products?.pageList ?? [], page.pageSize),
      hot: pinnedFirst(pinned[2], hot.products?.pageList ?? [], page.pageSize),
      discounted: pinnedFirst(pinned[3], discounted.products?.pageList ?? [], page.pageSize),
      stores: pinnedFirst(pinned[4], stores.stores?.pageList ?? [], page.pageSize),
    };
  });
  const guess = await getHomeList(db, lang, 'guess', page, viewer);
  return { ...shared, guess: guess.products?.pageList ?? [] };
}
