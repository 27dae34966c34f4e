import type { TCategoryNode, TLanguage, TLocalizedText } from '@caravan/contracts';
import { asc } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { categories } from '../../db/schema';
import { CACHE_TTL, catalogCache, deepFreeze } from './cache';
import { pickText } from './present';

type TCategoryRow = {
  id: string;
  parentId: string | null;
  level: number;
  icon: string;
  isRecommended: boolean;
  names: TLocalizedText;
};

export type TCategoryIndex = {
  rows: TCategoryRow[];
  byId: Map<string, TCategoryRow>;
  children: Map<string | null, TCategoryRow[]>;
};

/** Every category, loaded once per cache period (a few hundred rows at most). */
export async function loadCategoryIndex(db: Database): Promise<TCategoryIndex> {
  return catalogCache(db).getOrLoad('categories', CACHE_TTL.categories, async () => {
    const list = await db
      .select({
        id: categories.id,
        parentId: categories.parentId,
        level: categories.level,
        icon: categories.icon,
        isRecommended: categories.isRecommended,
        names: categories.names,
        isHidden: categories.isHidden,
      })
      .from(categories)
      .orderBy(asc(categories.sort), asc(categories.id));
    const all = list.map(({ isHidden, ...r }) => ({
      ...r,
      isHidden,
      id: String(r.id),
      parentId: r.parentId === null ? null : String(r.parentId),
    }));
    // A category hidden by staff disappears with everything below it (tree, sellerTree, recommended).
    const allChildren = new Map<string | null, typeof all>();
    for (const row of all) {
      allChildren.set(row.parentId, [...(allChildren.get(row.parentId) ?? []), row]);
    }
    const visible = new Set<string>();
    const queue = (allChildren.get(null) ?? []).filter((r) => !r.isHidden);
    while (queue.length > 0) {
      const row = queue.shift()!;
      visible.add(row.id);
      queue.push(...(allChildren.get(row.id) ?? []).filter((c) => !c.isHidden));
    }
    const rows = all.filter((r) => visible.has(r.id)).map(({ isHidden: _hidden, ...r }) => r);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const children = new Map<string | null, TCategoryRow[]>();
    for (const row of rows) {
      const siblings = children.get(row.parentId) ?? [];
      siblings.push(row);
      children.set(row.parentId, siblings);
    }
    return { rows, byId, children };
  });
}

function toNode(index: TCategoryIndex, row: TCategoryRow, lang: TLanguage, isDeep: boolean): TCategoryNode {
  return {
    id: row.id,
    parentId: row.parentId,
    level: row.level,
    name: pickText(row.names, lang, 'en'),
    icon: row.icon,
    isRecommended: row.isRecommended,
    children: isDeep ? (index.children.get(row.id) ?? []).map((c) => toNode(index, c, lang, true)) : [],
  };
}

/** Each language's tree of a category index, made once per index (a change loads a new one). */
const categoryTrees = new WeakMap<TCategoryIndex, Map<TLanguage, TCategoryNode[]>>();

/**
 * The visible categories as a tree in the language, frozen and shared by every caller while the index lasts: every
 * list page read it, and building it again (and writing it out as the API would) was done on each page miss.
 */
export async function getCategoryTree(db: Database, lang: TLanguage): Promise<TCategoryNode[]> {
  const index = await loadCategoryIndex(db);
  let trees = categoryTrees.get(index);
  if (!trees) {
    trees = new Map();
    categoryTrees.set(index, trees);
  }
  let tree = trees.get(lang);
  if (!tree) {
    // Frozen: a caller that wrote to it would throw rather than change every other caller's tree.
    tree = deepFreeze((index.children.get(null) ?? []).map((row) => toNode(index, row, lang, true)));
    trees.set(lang, tree);
  }
  return tree;
}

/** Categories staff pinned (in their order, visible ones only), then the other recommended ones. */
export async function getRecommendedCategories(
  db: Database,
  lang: TLanguage,
  pinnedIds: readonly string[] = [],
): Promise<TCategoryNode[]> {
  const index = await loadCategoryIndex(db);
  const pinned = pinnedIds.flatMap((id) => {
    const row = index.byId.get(id);
    return row ? [row] : [];
  });
  const pinnedSet = new Set(pinned.map((r) => r.id));
  return [...pinned, ...index.rows.filter((r) => r.isRecommended && !pinnedSet.has(r.id))].map((row) =>
    toNode(index, row, lang, false),
  );
}

/** The category and all categories below it; undefined when the id is unknown. */
export function findDescendantIds(index: TCategoryIndex, id: string): string[] | undefined {
  if (!index.byId.has(id)) {
    return undefined;
  }
  const ids: string[] = [];
  const queue = [id];
  while (queue.length > 0) {
    const current = queue.shift()!;
    ids.push(current);
    for (const child of index.children.get(current) ?? []) {
      queue.push(child.id);
    }
  }
  return ids;
}

export function findCategoryPath(
  index: TCategoryIndex,
  id: string,
  lang: TLanguage,
): { id: string; name: string }[] {
  const path: { id: string; name: string }[] = [];
  let current = index.byId.get(id);
  while (current && path.length < 10) {
    path.unshift({ id: current.id, name: pickText(current.names, lang, 'en') });
    current = current.parentId ? index.byId.get(current.parentId) : undefined;
  }
  return path;
}
