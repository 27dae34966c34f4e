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
 * Whether the home page shows an item of the section: goods on shelf in an active store (with a running discount for
 * the discount section), active stores, visible categories.
 */
function shownSql(section: THomePinSection): SQL {
  switch (KIND_OF[section]) {
    case 'product':
      return section === 'discountGoods'
        ? sql`(p.is_on_shelf and s.status = 'active' and p.is_discounted and p.discount_price is not null and (p.discount_ends_at is null or p.discount_ends_at > now()))`
        : sql`(p.is_on_shelf and s.status = 'active')`;
    case 'store':
      return sql`(s.status = 'active')`;
    case 'category':
      return sql`(not c.is_hidden)`;
  }
}

/** The section's items matching `where`, shown or not, with their names in the staff member's language. */
function itemsSql(section: THomePinSection, lang: TLanguage, where: SQL): SQL {
  switch (KIND_OF[section]) {
    case 'product':
      return sql`select p.id::text as id, coalesce(p.names->>${lang}, p.names->>'en', p.names->>p.lang, '') as name,
        ${shownSql(section)} as is_shown
        from products p join stores s on s.id = p.store_id where p.deleted_at is null and ${where}`;
    case 'store':
      return sql`select s.id::text as id, s.name as name, ${shownSql(section)} as is_shown from stores s where ${where}`;
    case 'category':
      return sql`select c.id::text as id, coalesce(c.names->>${lang}, c.names->>'en', '') as name,
        ${shownSql(section)} as is_shown from categories c where ${where}`;
  }
}

/** The items a section may show now (what staff may pin), with their names in the staff member's language. */
function candidatesSql(section: THomePinSection, lang: TLanguage, where: SQL): SQL {
  return itemsSql(section, lang, sql`${shownSql(section)} and ${where}`);
}

function idColumn(section: THomePinSection): SQL {
  return sql.raw({ product: 'p.id', store: 's.id', category: 'c.id' }[KIND_OF[section]]);
}

type TPinnedItem = THomePins['items'][number];

/** The section's items of these ids that still exist, shown or not, by id. */
async function itemsOf(
  db: Executor,
  section: THomePinSection,
  lang: TLanguage,
  ids: readonly string[],
): Promise<Map<string, TPinnedItem>> {
  if (ids.length === 0) {
    return new Map();
  }
  const list = sql.join(
    ids.map((id) => sql`${id}::bigint`),
    sql`, `,
  );
  const result = await db.execute(itemsSql(section, lang, sql`${idColumn(section)} in (${list})`));
  return new Map(
    (result.rows as { id: unknown; name: unknown; is_shown: unknown }[]).map((r) => [
      String(r.id),
      { id: String(r.id), name: String(r.name), isShown: r.is_shown === true },
    ]),
  );
}

/**
 * Every home section with its pinned items in order. An item the home page leaves out now keeps its name and place
 * (`isShown` false): it was named `#id` and, being refused, kept the whole section from being changed (QA).
 */
export async function listHomePins(db: Executor, lang: TLanguage): Promise<THomePins[]> {
  const rows = await db.select().from(homePins).orderBy(asc(homePins.sort), asc(homePins.id));
  return Promise.all(
    HOME_PIN_SECTION_NAMES.map(async (section) => {
      const targetIds = rows.filter((r) => r.section === section).map((r) => String(r.targetId));
      const items = await itemsOf(db, section, lang, targetIds);
      return {
        section,
        targetIds,
        items: targetIds.map((id) => items.get(id) ?? { id, name: `#${id}`, isShown: false }),
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
 * Replaces a section's pins (order as given). A newly pinned id must be an item the section may show now; one pinned
 * already may stay, moved, while the home page leaves it out (taken down, its store suspended), until it is shown
 * again or unpinned. Audited with before and after when they differ; the home page is rebuilt from the next request.
 */
export async function setHomePins(
  db: Database,
  input: { staffId: bigint; section: THomePinSection; targetIds: readonly string[]; lang: TLanguage },
): Promise<THomePins> {
  const targetIds = [...new Set(input.targetIds)];
  await db.transaction(async (tx) => {
    const pinned = await tx
      .select({ targetId: homePins.targetId })
      .from(homePins)
      .where(eq(homePins.section, input.section));
    const wasPinned = new Set(pinned.map((r) => String(r.targetId)));
    const items = await itemsOf(tx, input.section, input.lang, targetIds);
    const missing = targetIds.filter((id) => {
      const item = items.get(id);
      return !item || (!item.isShown && !wasPinned.has(id));
    });
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
