import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { catalogCache } from './cache';
import { rowsOf } from './present';

/** The sitemaps protocol's limit of URLs per file. */
export const SITEMAP_URLS_PER_FILE = 50_000;
/** Sitemaps change slowly; any catalogue change clears them with the rest of the cache. */
const SITEMAP_TTL_MS = 10 * 60_000;

export type TSitemapKind = 'products' | 'stores' | 'categories';
export type TSitemapEntry = { id: string; lastmod: string };

const VISIBLE_PRODUCT = sql`p.is_on_shelf and p.store_id in (select id from stores where status = 'active')`;

function toIso(value: unknown): string {
  return new Date(value as string | Date).toISOString();
}

/** How many sitemap files each kind needs. */
export function countSitemapFiles(db: Database): Promise<Record<TSitemapKind, number>> {
  return catalogCache(db).getOrLoad('sitemap:counts', SITEMAP_TTL_MS, async () => {
    const result = await db.execute(sql`select
      (select count(*)::int from products p where ${VISIBLE_PRODUCT}) as products,
      (select count(*)::int from stores where status = 'active') as stores,
      (select count(*)::int from categories) as categories`);
    const row = rowsOf(result)[0] ?? {};
    const files = (n: unknown) => Math.max(1, Math.ceil(Number(n ?? 0) / SITEMAP_URLS_PER_FILE));
    return { products: files(row.products), stores: files(row.stores), categories: files(row.categories) };
  });
}

/** One sitemap file's entries (1-based file number), in id order. */
export function listSitemapEntries(db: Database, kind: TSitemapKind, file: number): Promise<TSitemapEntry[]> {
  const offset = (file - 1) * SITEMAP_URLS_PER_FILE;
  return catalogCache(db).getOrLoad(`sitemap:${kind}:${file}`, SITEMAP_TTL_MS, async () => {
    const query =
      kind === 'products'
        ? sql`select p.id::text as id, p.updated_at as lastmod from products p where ${VISIBLE_PRODUCT}
            order by p.id limit ${SITEMAP_URLS_PER_FILE} offset ${offset}`
        : kind === 'stores'
          ? sql`select id::text as id, updated_at as lastmod from stores where status = 'active'
              order by id limit ${SITEMAP_URLS_PER_FILE} offset ${offset}`
          : // A category changes when its goods do: its newest product change, else its creation.
            sql`select c.id::text as id, coalesce(max(p.updated_at), c.created_at) as lastmod
              from categories c left join products p on p.category_id = c.id
              group by c.id order by c.id limit ${SITEMAP_URLS_PER_FILE} offset ${offset}`;
    return rowsOf(await db.execute(query)).map((row) => ({
      id: String(row.id),
      lastmod: toIso(row.lastmod),
    }));
  });
}
