import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { catalogCache } from './cache';
import { rowsOf } from './present';

/** The sitemaps protocol's limit of URLs per file. */
export const SITEMAP_URLS_PER_FILE = 50_000;
/** Sitemaps change slowly; any catalogue change clears them with the rest of the cache. */
const SITEMAP_TTL_MS = 10 * 60_000;

/** The sitemap files' kinds, in the index's order. */
export const SITEMAP_KINDS = ['products', 'stores', 'categories'] as const;
export type TSitemapKind = (typeof SITEMAP_KINDS)[number];
export type TSitemapEntry = { id: string; lastmod: string };

const VISIBLE_PRODUCT = sql`p.is_on_shelf and p.store_id in (select id from stores where status = 'active')`;

function toIso(value: unknown): string {
  return new Date(value as string | Date).toISOString();
}

/** A kind's sitemap rows (id, lastmod), each a page of the storefront; files cut them in id order. */
function sitemapRows(kind: TSitemapKind) {
  switch (kind) {
    case 'products':
      return sql`select p.id, p.updated_at as lastmod from products p where ${VISIBLE_PRODUCT}`;
    case 'stores':
      return sql`select id, updated_at as lastmod from stores where status = 'active'`;
    case 'categories':
      // A category changes when its goods do: its newest product change, else its creation.
      return sql`select c.id, coalesce(max(p.updated_at), c.created_at) as lastmod
        from categories c left join products p on p.category_id = c.id group by c.id`;
  }
}

/** One sitemap file's entries (1-based file number), in id order. */
export function listSitemapEntries(db: Database, kind: TSitemapKind, file: number): Promise<TSitemapEntry[]> {
  const offset = (file - 1) * SITEMAP_URLS_PER_FILE;
  return catalogCache(db).getOrLoad(`sitemap:${kind}:${file}`, SITEMAP_TTL_MS, async () => {
    // Ordered by the number (r.id), not by the text of the same name, as the index's file dates are.
    const result = await db.execute(sql`select r.id::text as id, r.lastmod from (${sitemapRows(kind)}) as r
      order by r.id limit ${SITEMAP_URLS_PER_FILE} offset ${offset}`);
    return rowsOf(result).map((row) => ({ id: String(row.id), lastmod: toIso(row.lastmod) }));
  });
}

export type TSitemapFile = { kind: TSitemapKind; file: number; lastmod: string | null };

/**
 * Every sitemap file with its newest entry's date: the index lists them (a crawler reads again only the files whose
 * date moved), and a file not among them answers 404. A kind without rows still has its (empty) first file,
 * without a date.
 */
export function listSitemapFiles(db: Database): Promise<TSitemapFile[]> {
  return catalogCache(db).getOrLoad('sitemap:files', SITEMAP_TTL_MS, async () => {
    const perKind = await Promise.all(
      SITEMAP_KINDS.map(async (kind) => {
        const result = await db.execute(sql`select (n - 1) / ${SITEMAP_URLS_PER_FILE} + 1 as file,
            max(lastmod) as lastmod
          from (select row_number() over (order by id) as n, lastmod from (${sitemapRows(kind)}) as r) as numbered
          group by 1 order by 1`);
        const files: TSitemapFile[] = rowsOf(result).map((row) => ({
          kind,
          file: Number(row.file),
          lastmod: toIso(row.lastmod),
        }));
        return files.length > 0 ? files : [{ kind, file: 1, lastmod: null }];
      }),
    );
    return perKind.flat();
  });
}
