import type { TAdminCategory, TCreateCategoryRequest, TUpdateCategoryRequest } from '@caravan/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { categories } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { recordAudit } from '../audit';
import { clearCatalogCache } from '../catalog';

/** Deepest level a category may sit at (the table's check). */
const MAX_LEVEL = 5;

type TCategoryRow = typeof categories.$inferSelect;

function toAdminCategory(row: TCategoryRow, productCount: number): TAdminCategory {
  return {
    id: String(row.id),
    parentId: row.parentId === null ? null : String(row.parentId),
    level: row.level,
    sort: row.sort,
    icon: row.icon,
    isRecommended: row.isRecommended,
    isHidden: row.isHidden,
    names: row.names as Record<string, string>,
    productCount,
  };
}

/**
 * Every category, hidden ones included, in tree order (parent before children, by sort), each with the goods in it
 * and below it: goods sit in the deepest categories, so a count of its own showed 0 beside every parent.
 */
export async function listAdminCategories(db: Executor): Promise<TAdminCategory[]> {
  const rows = await db.select().from(categories).orderBy(asc(categories.sort), asc(categories.id));
  const counts = await db.execute(
    sql`select category_id::text as id, count(*)::int as n from products group by category_id`,
  );
  const countOf = new Map((counts.rows as { id: string; n: number }[]).map((r) => [r.id, Number(r.n)]));
  // Deepest first, so each category's total is complete before it is added to its parent's.
  for (const row of [...rows].sort((a, b) => b.level - a.level)) {
    if (row.parentId !== null) {
      const parentId = String(row.parentId);
      countOf.set(parentId, (countOf.get(parentId) ?? 0) + (countOf.get(String(row.id)) ?? 0));
    }
  }
  return rows.map((row) => toAdminCategory(row, countOf.get(String(row.id)) ?? 0));
}

async function lockCategory(tx: Executor, id: bigint): Promise<TCategoryRow> {
  const [row] = await tx.select().from(categories).where(eq(categories.id, id)).for('update');
  if (!row) {
    throw new AppError('RECORD_NOT_FOUND');
  }
  return row;
}

/** The ids of a category and everything below it. */
async function subtreeIds(tx: Executor, id: bigint): Promise<bigint[]> {
  const result = await tx.execute(sql`with recursive down as (
      select id, 0 as depth from categories where id = ${String(id)}::bigint
      union all select c.id, down.depth + 1 from categories c join down on c.parent_id = down.id where down.depth < 10
    ) select id::text as id from down`);
  return (result.rows as { id: string }[]).map((r) => BigInt(r.id));
}

export async function createCategory(db: Database, staffId: bigint, input: TCreateCategoryRequest) {
  return db.transaction(async (tx) => {
    const parentId = input.parentId ? BigInt(input.parentId) : null;
    const parent = parentId ? await lockCategory(tx, parentId) : null;
    const level = parent ? parent.level + 1 : 1;
    if (level > MAX_LEVEL) {
      throw new AppError('CATEGORY_MOVE_INVALID');
    }
    const [row] = await tx
      .insert(categories)
      .values({
        parentId,
        level,
        names: input.names as Record<string, string>,
        icon: input.icon ?? '',
        sort: input.sort ?? 0,
      })
      .returning();
    await recordAudit(tx, {
      staffId,
      action: 'category.create',
      targetType: 'category',
      targetId: row!.id,
      details: { before: null, after: toAdminCategory(row!, 0) },
    });
    clearCatalogCache(db);
    return toAdminCategory(row!, 0);
  });
}

/**
 * Renames, reorders, hides or moves a category. A move re-levels the whole subtree and re-files the
 * products below it (their level-1 and level-2 columns follow through the products trigger), so the
 * storefront tree, `category!tree` and `category!sellerTree` show the new place at once.
 */
export async function updateCategory(
  db: Database,
  staffId: bigint,
  id: bigint,
  input: TUpdateCategoryRequest,
): Promise<TAdminCategory> {
  const updated = await db.transaction(async (tx) => {
    const before = await lockCategory(tx, id);
    const changes: Partial<TCategoryRow> = {};
    if (input.names) {
      changes.names = input.names as Record<string, string>;
    }
    if (input.icon !== undefined) {
      changes.icon = input.icon;
    }
    if (input.sort !== undefined) {
      changes.sort = input.sort;
    }
    if (input.isHidden !== undefined) {
      changes.isHidden = input.isHidden;
    }
    if (input.isRecommended !== undefined) {
      changes.isRecommended = input.isRecommended;
    }
    const newParentId =
      input.parentId === undefined
        ? before.parentId
        : input.parentId === null
          ? null
          : BigInt(input.parentId);
    const isMoved = newParentId !== before.parentId;
    if (isMoved) {
      const below = await subtreeIds(tx, id);
      if (newParentId !== null && below.includes(newParentId)) {
        throw new AppError('CATEGORY_MOVE_INVALID');
      }
      const parent = newParentId === null ? null : await lockCategory(tx, newParentId);
      const level = parent ? parent.level + 1 : 1;
      const depth = await tx.execute(sql`with recursive down as (
          select id, 0 as depth from categories where id = ${String(id)}::bigint
          union all select c.id, down.depth + 1 from categories c join down on c.parent_id = down.id where down.depth < 10
        ) select max(depth)::int as depth from down`);
      const subtreeDepth = Number((depth.rows[0] as { depth: number }).depth);
      if (level + subtreeDepth > MAX_LEVEL) {
        throw new AppError('CATEGORY_MOVE_INVALID');
      }
      changes.parentId = newParentId;
      const shift = level - before.level;
      if (shift !== 0) {
        await tx.execute(sql`update categories set level = level + ${shift}::int
          where id = any(${`{${below.join(',')}}`}::bigint[]) and id <> ${String(id)}::bigint`);
      }
      changes.level = level;
    }
    if (Object.keys(changes).length === 0) {
      return before; // nothing to change: no update (drizzle refuses an empty one) and no audit entry
    }
    const [row] = await tx.update(categories).set(changes).where(eq(categories.id, id)).returning();
    if (isMoved) {
      const below = await subtreeIds(tx, id);
      // Fires the products trigger that recomputes category_l1 / category_l2.
      await tx.execute(sql`update products set category_id = category_id
        where category_id = any(${`{${below.join(',')}}`}::bigint[])`);
    }
    await recordAudit(tx, {
      staffId,
      action: isMoved ? 'category.move' : 'category.update',
      targetType: 'category',
      targetId: id,
      details: { before: toAdminCategory(before, 0), after: toAdminCategory(row!, 0) },
    });
    return row!;
  });
  clearCatalogCache(db);
  return toAdminCategory(updated, 0);
}
