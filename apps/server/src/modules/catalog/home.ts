import { PAGE_SIZE, type THomeList, type THomeResponse, type TLanguage } from '@caravan/contracts';
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

/** Everything the home page shows, 12 per list, in one answer. */
export async function getHome(
  db: Database,
  lang: TLanguage,
  viewer: { key: string | null; userId: bigint | null },
): Promise<THomeResponse> {
  const page = { pageNum: 1, pageSize: PAGE_SIZE.home };
  const shared = await catalogCache(db).getOrLoad(`home:${lang}`, CACHE_TTL.home, async () => {
    const [banners, categories, recommended, fresh, hot, discounted, stores] = await Promise.all([
      // Live banners of this language: active, inside their schedule, and for every language or this one.
      db.execute(sql`select id::text as id, titles, subtitles, image, images, link from banners
        where is_active and (starts_at is null or starts_at <= now()) and (ends_at is null or ends_at > now())
          and (cardinality(languages) = 0 or ${lang} = any(languages))
        order by sort, id limit 10`),
      getRecommendedCategories(db, lang),
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
      recommended: recommended.products?.pageList ?? [],
      new: fresh.products?.pageList ?? [],
      hot: hot.products?.pageList ?? [],
      discounted: discounted.products?.pageList ?? [],
      stores: stores.stores?.pageList ?? [],
    };
  });
  const guess = await getHomeList(db, lang, 'guess', page, viewer);
  return { ...shared, guess: guess.products?.pageList ?? [] };
}
