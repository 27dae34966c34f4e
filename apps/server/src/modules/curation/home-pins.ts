import {
  HOME_PIN_SECTION_NAMES,
  type THomePinItem,
  type THomePinSection,
  type THomePins,
  type TLanguage,
} from '@caravan/contracts';
import { asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { homePins } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { recordAudit } from '../audit';
import { clearCatalogCache, foldedContainsSql } from '../catalog';

type TTargetKind = 'product' | 'store' | 'category';

const KIND_OF: Record<THomePinSection, TTargetKind> = {
  recommendGoods: 'product',
  newGoods: 'product',
  hotGoods: 'product',
  discountGoods: 'product',
  recommendStores: 'store',
  recommendCategories: 'category',
};

const CANDIDATE_LIMIT = 20;

/**
 * The items a section may show, with their names in the staff member's language: goods on shelf in an
 * active store (with a running discount for the discount section), active stores, visible categories.
 */
function candidatesSql(section: THomePinSection, lang: TLanguage, where: SQL): SQL {
  switch (KIND_OF[section]) {
    case 'product':
      return sql`select p.id::text as id, coalesce(p.names->>${lang}, p.names->>'en', p.names->>p.lang, '') as name
        from products p join stores s on s.id = p.store_id
        where p.is_on_shelf and s.status = 'active' ${
          section === 'discountGoods'
            ? sql`and p.is_discounted and p.discount_price is not null and (p.discount_ends_at is null or p.discount_ends_at > now())`
            : sql``
        } and ${where}`;
    case 'store':
      return sql`select s.id::text as id, s.name as name from stores s where s.status = 'active' and ${where}`;
    case 'category':
      return sql`select c.id::text as id, coalesce(c.names->>${lang}, c.names->>'en', '') as name
        from categories c where not c.is_hidden and ${where}`;
  }
}

function idColumn(section: THomePinSection): SQL {
  return sql.raw({ product: 'p.id', store: 's.id', category: 'c.id' }[KIND_OF[section]]);
}

async function namesOf(
  db: Executor,
  section: THomePinSection,
  lang: TLanguage,
  ids: readonly string[],
): Promise<Map<string, string>> {
  if (ids.length === 0) {
    return new Map();
  }
  const list = sql.join(
    ids.map((id) => sql`${id}::bigint`),
    sql`, `,
  );
  const result = await db.execute(candidatesSql(section, lang, sql`${idColumn(section)} in (${list})`));
  return new Map((result.rows as THomePinItem[]).map((r) => [String(r.id), String(r.name)]));
}

/** Every home section with its pinned items in order; an item no longer shown keeps its id, named `#id`. */
export async function listHomePins(db: Executor, lang: TLanguage): Promise<THomePins[]> {
  const rows = await db.select().from(homePins).orderBy(asc(homePins.sort), asc(homePins.id));
  return Promise.all(
    HOME_PIN_SECTION_NAMES.map(async (section) => {
      const targetIds = rows.filter((r) => r.section === section).map((r) => String(r.targetId));
      const names = await namesOf(db, section, lang, targetIds);
      return {
        section,
        targetIds,
        items: targetIds.map((id) => ({ id, name: names.get(id) ?? `#${id}` })),
      };
    }),
  );
}

/** What staff may pin in a section, found by name or id. */
export async function findHomePinCandidates(
  db: Executor,
  input: { section: THomePinSection; keyword: string; lang: TLanguage },
): Promise<THomePinItem[]> {
  const keyword = input.keyword.trim();
  const column = idColumn(input.section);
  const nameColumn =
    KIND_OF[input.section] === 'store'
      ? sql`caravan_search_norm(s.name)`
      : KIND_OF[input.section] === 'product'
        ? sql`p.search_text`
        : sql`caravan_search_norm(c.names::text)`;
  // Names fold like the storefront search (accents, case).
  const nameMatches = foldedContainsSql(nameColumn, keyword);
  const where =
    keyword === ''
      ? sql`true`
      : /^\d{1,18}$/.test(keyword)
        ? sql`(${column} = ${keyword}::bigint or ${nameMatches})`
        : nameMatches;
  const result = await db.execute(
    sql`select * from (${candidatesSql(input.section, input.lang, where)}) found
      order by found.id::bigint desc limit ${CANDIDATE_LIMIT}`,
  );
  return (result.rows as THomePinItem[]).map((r) => ({ id: String(r.id), name: String(r.name) }));
}

/**
 * Replaces a section's pins (order as given). Each id must be an item the section may show (the request refuses
 * repeats). Audited with before and after when they differ; the home page is rebuilt from the next request.
 */
export async function setHomePins(
  db: Database,
  input: { staffId: bigint; section: THomePinSection; targetIds: readonly string[]; lang: TLanguage },
): Promise<THomePins> {
  const targetIds = [...new Set(input.targetIds)];
  await db.transaction(async (tx) => {
    const known = await namesOf(tx, input.section, input.lang, targetIds);
    const missing = targetIds.filter((id) => !known.has(id));
    if (missing.length > 0) {
      throw new AppError('RECORD_NOT_FOUND', { ids: missing });
    }
    const before = await tx
      .delete(homePins)
      .where(eq(homePins.section, input.section))
      .returning({ targetId: homePins.targetId, sort: homePins.sort });
    if (targetIds.length > 0) {
      await tx
        .insert(homePins)
        .values(targetIds.map((id, sort) => ({ section: input.section, targetId: BigInt(id), sort })));
    }
    const previous = before.sort((a, b) => a.sort - b.sort).map((r) => String(r.targetId));
    if (previous.join(',') === targetIds.join(',')) {
      return; // the same pins in the same order: an audit entry whose before and after agree says nothing
    }
    await recordAudit(tx, {
      staffId: input.staffId,
      action: 'home_pins.update',
      targetType: 'home_section',
      targetId: input.section,
      details: { before: previous, after: targetIds },
    });
  });
  clearCatalogCache(db);
  const sections = await listHomePins(db, input.lang);
  return sections.find((s) => s.section === input.section)!;
}
