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

/**
 * Every row of a kind, shown or not, with when it last changed: a product taken off the shelf or a shop closed
 * leaves its file, and that file's date must move so a crawler reads it again and drops the page. A hidden
 * product's change is its own or its shop's, whichever is later.
 */
function changedRows(kind: TSitemapKind) {
  switch (kind) {
    case 'products':
      return sql`select p.id, p.is_on_shelf and s.status = 'active' as visible,
          case when p.is_on_shelf and s.status = 'active' then p.updated_at
            else greatest(p.updated_at, s.updated_at) end as changed
        from products p join stores s on s.id = p.store_id`;
    case 'stores':
      return sql`select id, status = 'active' as visible, updated_at as changed from stores`;
    case 'categories':
      return sql`select r.id, true as visible, r.lastmod as changed from (${sitemapRows(kind)}) as r`;
  }
}

export type TSitemapFile = { kind: TSitemapKind; file: number; lastmod: string | null };

/**
 * Every sitemap file with its newest change (an entry's, or a page's that left it): the index lists them (a crawler
 * reads again only the files whose date moved), and a file not among them answers 404. A kind without rows still
 * has its (empty) first file, without a date.
 */
export function listSitemapFiles(db: Database): Promise<TSitemapFile[]> {
  return catalogCache(db).getOrLoad('sitemap:files', SITEMAP_TTL_MS, async () => {
    const perKind = await Promise.all(
      SITEMAP_KINDS.map(async (kind) => {
        // n counts the shown rows up to this one: a shown row is the n-th of the files' entries, a hidden one sits
        // just before the (n + 1)-th, in that entry's file (or the last file, past the last entry).
        const result = await db.execute(sql`select case when visible then (n - 1) / ${SITEMAP_URLS_PER_FILE}
              else n / ${SITEMAP_URLS_PER_FILE} end + 1 as file,
            max(changed) as lastmod, bool_or(visible) as has_entries
          from (select visible, changed, count(*) filter (where visible) over (order by id) as n
            from (${changedRows(kind)}) as r) as numbered
          group by 1 order by 1`);
        const groups = rowsOf(result).map((row) => ({
          file: Number(row.file),
          lastmod: toIso(row.lastmod),
          hasEntries: row.has_entries === true,
        }));
        const lastFile = Math.max(
          0,
          ...groups.filter((group) => group.hasEntries).map((group) => group.file),
        );
        const files = new Map<number, string>();
        if (lastFile === 0) {
          // Nothing shown (the last shop closed): the empty first file, dated by that change if there was one.
          const newest =
            groups
              .map((group) => group.lastmod)
              .sort()
              .at(-1) ?? null;
          return [{ kind, file: 1, lastmod: newest }];
        }
        for (const group of groups) {
          const file = Math.min(group.file, lastFile);
          const known = files.get(file);
          files.set(file, known && known > group.lastmod ? known : group.lastmod);
        }
        return [...files].map(([file, lastmod]): TSitemapFile => ({ kind, file, lastmod }));
      }),
    );
    return perKind.flat();
  });
}
