import {
  type TAdminCategory,
  type TCreateCategoryRequest,
  type TUpdateCategoryRequest,
  V,
} from '@caravan/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { categories, homePins } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { recordAudit } from '../audit';
import { clearCatalogCache } from '../catalog';
import { resolveUploadedImages } from '../sellers';

/** Deepest level a category may sit at (the table's check). */
const MAX_LEVEL = 5;

type TCategoryRow = typeof categories.$inferSelect;
/** Who changes the catalogue, and where uploaded pictures are stored (a category's icon is one). */
type TCurator = { staffId: bigint; uploadDir: string };

/**
 * The icon as stored: '' for none, else the smallest size of a picture uploaded to this platform (any staff or
 * seller upload, as banners take). The storefront shows it at about 28 px, so the upload's largest size (what the
 * upload call answers) would only be a heavier file. A reference without its files here is refused beside the field.
 */
async function toStoredIcon(uploadDir: string, icon: string): Promise<string> {
  if (icon === '') {
    return '';
  }
  try {
    const [image] = await resolveUploadedImages(uploadDir, [icon]);
    // srcset lists the sizes from the smallest.
    return image!.srcset.split(', ')[0]!.split(' ')[0]!;
  } catch (error) {
    if (error instanceof AppError) {
      throw new AppError('VALIDATION_FAILED', { fields: [{ field: 'icon', message: V.imageRef }] });
    }
    throw error;
  }
}

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

/** Goods filed in the category itself (goods sit only in the lowest level, so a parent holds none). */
async function countOwnProducts(tx: Executor, id: bigint): Promise<number> {
  const result = await tx.execute(
    sql`select count(*)::int as n from products where category_id = ${String(id)}::bigint`,
  );
  return Number((result.rows[0] as { n: number }).n);
}

/** Goods in the category and everything below it, as the console's list counts them. */
async function countSubtreeProducts(tx: Executor, id: bigint): Promise<number> {
  const below = await subtreeIds(tx, id);
  const result = await tx.execute(sql`select count(*)::int as n from products
    where category_id = any(${`{${below.join(',')}}`}::bigint[])`);
  return Number((result.rows[0] as { n: number }).n);
}

/**
 * A new or moved subcategory may not go under a category holding goods: sellers and the import file goods only in
 * a lowest-level category, and the goods would then sit in a parent.
 */
async function assertHoldsNoProducts(tx: Executor, parentId: bigint): Promise<void> {
  const products = await countOwnProducts(tx, parentId);
  if (products > 0) {
    throw new AppError('CATEGORY_HAS_PRODUCTS', { parentId: String(parentId), products });
  }
}

export async function createCategory(db: Database, curator: TCurator, input: TCreateCategoryRequest) {
  const { staffId } = curator;
  const icon = await toStoredIcon(curator.uploadDir, input.icon ?? '');
  return db.transaction(async (tx) => {
    const parentId = input.parentId ? BigInt(input.parentId) : null;
    const parent = parentId ? await lockCategory(tx, parentId) : null;
    const level = parent ? parent.level + 1 : 1;
    if (level > MAX_LEVEL) {
      throw new AppError('CATEGORY_MOVE_INVALID');
    }
    if (parentId) {
      await assertHoldsNoProducts(tx, parentId);
    }
    const [row] = await tx
      .insert(categories)
      .values({
        parentId,
        level,
        names: input.names as Record<string, string>,
        icon,
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
  curator: TCurator,
  id: bigint,
  input: TUpdateCategoryRequest,
): Promise<TAdminCategory> {
  const { staffId } = curator;
  const updated = await db.transaction(async (tx) => {
    const before = await lockCategory(tx, id);
    const changes: Partial<TCategoryRow> = {};
    if (input.names) {
      changes.names = input.names as Record<string, string>;
    }
    // The icon it has is kept as it is (its files are not looked for again to save a rename).
    if (input.icon !== undefined && input.icon.trim() !== before.icon) {
      changes.icon = await toStoredIcon(curator.uploadDir, input.icon.trim());
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
      if (newParentId !== null) {
        await assertHoldsNoProducts(tx, newParentId);
      }
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
      // Nothing to change: no update (drizzle refuses an empty one) and no audit entry.
      return { row: before, productCount: await countSubtreeProducts(tx, id) };
    }
    const [row] = await tx.update(categories).set(changes).where(eq(categories.id, id)).returning();
    if (isMoved) {
      const below = await subtreeIds(tx, id);
      // Fires the products trigger that recomputes category_l1 / category_l2.
      await tx.execute(sql`update products set category_id = category_id
        where category_id = any(${`{${below.join(',')}}`}::bigint[])`);
    }
    // The answer replaces the row in the console's list: a 0 there hid the 16 goods of a category just moved.
    const productCount = await countSubtreeProducts(tx, id);
    await recordAudit(tx, {
      staffId,
      action: isMoved ? 'category.move' : 'category.update',
      targetType: 'category',
      targetId: id,
      details: { before: toAdminCategory(before, productCount), after: toAdminCategory(row!, productCount) },
    });
    return { row: row!, productCount };
  });
  clearCatalogCache(db);
  return toAdminCategory(updated.row, updated.productCount);
}

/**
 * Deletes a category made by mistake: only an empty one (no subcategories, no goods, whatever their state), so
 * nothing is left without a place. Its pins on the home page go with it. Audited with what was deleted.
 */
export async function deleteCategory(db: Database, staffId: bigint, id: bigint): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockCategory(tx, id);
    const children = await tx.execute(
      sql`select count(*)::int as n from categories where parent_id = ${String(id)}::bigint`,
    );
    const subcategories = Number((children.rows[0] as { n: number }).n);
    const products = await countOwnProducts(tx, id);
    if (subcategories > 0 || products > 0) {
      throw new AppError('CATEGORY_NOT_EMPTY', { subcategories, products });
    }
    const unpinned = await tx
      .delete(homePins)
      .where(and(eq(homePins.section, 'recommendCategories'), eq(homePins.targetId, id)))
      .returning({ id: homePins.id });
    await tx.delete(categories).where(eq(categories.id, id));
    await recordAudit(tx, {
      staffId,
      action: 'category.delete',
      targetType: 'category',
      targetId: id,
      details: { before: toAdminCategory(before, 0), after: null, unpinnedFromHome: unpinned.length > 0 },
    });
  });
  clearCatalogCache(db);
}
