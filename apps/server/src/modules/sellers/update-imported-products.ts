import type { TImage, TProductRequest, TProductRequestParsed } from '@caravan/contracts';
import { and, eq, getTableColumns, inArray, isNull, param, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database, Tx } from '../../db/client';
import { uniqueViolation } from '../../db/pg-error';
import { products, productVariants, stockAdjustments } from '../../db/schema';
import { isAppError } from '../../http/app-error';
import { clearCatalogCache } from '../catalog';
import { resolveSellerImages } from './images';
import {
  adjustStoreGoodsCount,
  findShopProductsByCode,
  IMPORT_STOCK_REASON,
  planVariantSync,
  saveSellerProduct,
  type TPreparedProduct,
  type TSeller,
} from './products';

/** An import row (its first row, for a product of several) naming a product of the shop by its code. */
export type TImportUpdate = {
  row: number;
  productId: bigint;
  body: TProductRequestParsed;
  prepared: TPreparedProduct;
  images: TImage[];
};

/** A row refused with an error code, told at the row's product code as the editor's save refuses it. */
export type TRefusedUpdate = { row: number; code: string };

/**
 * Updates the products a batch of import rows names, with the editor's checks and writes (saveSellerProduct: pictures
 * not on the product must be the seller's own, the code must be no other product's, a product taken down stays off
 * shelf; variant ids are kept and every stock change is recorded with the import as its reason), in one transaction:
 * saved one at a time, re-importing 10,000 products took 5.4 minutes where creating them took 14 s. The products of the
 * batch are saved together or not at all; a refused one is left out and told at its row.
 */
export async function updateImportedProducts(
  db: Database,
  uploadDir: string,
  seller: TSeller,
  shopLang: string,
  updates: TImportUpdate[],
): Promise<{ updated: number; refused: TRefusedUpdate[] }> {
  if (updates.length === 0) {
    return { updated: 0, refused: [] };
  }
  const refusedAt = new Map<number, string>();
  await checkImagesAndCodes(db, uploadDir, seller, updates, refusedAt);
  const checked = updates.filter((u) => !refusedAt.has(u.row));
  try {
    await db.transaction((tx) => writeUpdates(tx, seller, shopLang, checked, refusedAt));
  } catch (error) {
    if (uniqueViolation(error) !== 'products_store_code_key') {
      throw error;
    }
    // Another save took one of the codes since they were checked: saved one at a time, the clash is told at its row.
    return updateOneByOne(db, uploadDir, seller, updates);
  }
  if (refusedAt.size < updates.length) {
    clearCatalogCache(db);
  }
  return {
    updated: updates.length - refusedAt.size,
    refused: updates.flatMap((u) =>
      refusedAt.has(u.row) ? [{ row: u.row, code: refusedAt.get(u.row)! }] : [],
    ),
  };
}

/**
 * What the editor's save checks before its transaction: a picture the product does not have already must be the
 * seller's own upload (the import took any picture of the shop's goods, the editor's save only the product's own), and
 * the code must name no other product of the shop.
 */
async function checkImagesAndCodes(
  db: Database,
  uploadDir: string,
  seller: TSeller,
  updates: TImportUpdate[],
  refusedAt: Map<number, string>,
): Promise<void> {
  const current = await db
    .select({ id: products.id, images: products.images })
    .from(products)
    .where(
      and(
        eq(products.storeId, seller.storeId),
        inArray(
          products.id,
          updates.map((u) => u.productId),
        ),
      ),
    );
  const imagesOf = new Map(current.map((p) => [p.id, new Set(p.images.map((i) => i.url))]));
  for (const u of updates) {
    const own = imagesOf.get(u.productId) ?? new Set<string>();
    if (u.body.images.every((ref) => own.has(ref))) {
      continue;
    }
    try {
      await resolveSellerImages(db, uploadDir, { userId: seller.id }, u.body.images, own);
    } catch (error) {
      if (!isAppError(error)) {
        throw error;
      }
      refusedAt.set(u.row, error.code);
    }
  }
  const codes = [...new Set(updates.map((u) => u.prepared.values.code ?? '').filter(Boolean))];
  const holders = await findShopProductsByCode(db, seller.storeId, codes);
  for (const u of updates) {
    const code = u.prepared.values.code ?? '';
    if (!refusedAt.has(u.row) && holders.some((h) => h.code === code && h.id !== u.productId)) {
      refusedAt.set(u.row, 'PRODUCT_CODE_TAKEN');
    }
  }
}

async function writeUpdates(
  tx: Tx,
  seller: TSeller,
  shopLang: string,
  updates: TImportUpdate[],
  refusedAt: Map<number, string>,
): Promise<void> {
  if (updates.length === 0) {
    return;
  }
  // Locked in the order of their ids, as every writer of several products locks them.
  const locked = await tx
    .select()
    .from(products)
    .where(
      and(
        inArray(
          products.id,
          updates.map((u) => u.productId),
        ),
        eq(products.storeId, seller.storeId),
        isNull(products.deletedAt),
      ),
    )
    .orderBy(products.id)
    .for('update');
  const currentOf = new Map(locked.map((p) => [p.id, p]));
  const saving: { update: TImportUpdate; current: (typeof locked)[number] }[] = [];
  for (const update of updates) {
    const current = currentOf.get(update.productId);
    if (!current) {
      refusedAt.set(update.row, 'PRODUCT_NOT_FOUND');
    } else if (current.takenDownAt && update.prepared.values.isOnShelf) {
      refusedAt.set(update.row, 'PRODUCT_TAKEN_DOWN');
    } else {
      saving.push({ update, current });
    }
  }
  if (saving.length === 0) {
    return;
  }
  const existingVariants = await tx
    .select()
    .from(productVariants)
    .where(
      inArray(
        productVariants.productId,
        saving.map((s) => s.current.id),
      ),
    );
  const variantsOf = new Map<bigint, (typeof existingVariants)[number][]>();
  for (const v of existingVariants) {
    variantsOf.set(v.productId, [...(variantsOf.get(v.productId) ?? []), v]);
  }
  const updatedAt = new Date();
  const productRows: TRowUpdate[] = [];
  const variantRows: TRowUpdate[] = [];
  const stockChanges: (typeof stockAdjustments.$inferInsert)[] = [];
  const addedVariants: (typeof productVariants.$inferInsert)[] = [];
  const removedVariants: bigint[] = [];
  const record = { storeId: seller.storeId, reason: IMPORT_STOCK_REASON, userId: seller.id };
  for (const { update, current } of saving) {
    const { prepared } = update;
    const productId = current.id;
    productRows.push({ id: productId, values: { ...prepared.values, images: update.images, updatedAt } });
    const stock = prepared.values.stock ?? 0;
    if (prepared.variants.length === 0 && current.stock !== stock) {
      stockChanges.push({ ...record, productId, delta: stock - current.stock, stockAfter: stock });
    }
    const plan = planVariantSync(
      variantsOf.get(productId) ?? [],
      current.attributes,
      shopLang,
      prepared.variants,
    );
    for (const { id, oldStock, values } of plan.kept) {
      variantRows.push({ id, values });
      if (oldStock !== values.stock) {
        stockChanges.push({
          ...record,
          productId,
          variantId: id,
          delta: values.stock - oldStock,
          stockAfter: values.stock,
        });
      }
    }
    addedVariants.push(...plan.added.map((values) => ({ ...values, productId })));
    removedVariants.push(...plan.removed);
  }
  await updateRowsById(tx, products, productRows);
  await updateRowsById(tx, productVariants, variantRows);
  if (addedVariants.length > 0) {
    await tx.insert(productVariants).values(addedVariants);
  }
  if (removedVariants.length > 0) {
    await tx.delete(productVariants).where(inArray(productVariants.id, removedVariants));
  }
  if (stockChanges.length > 0) {
    await tx.insert(stockAdjustments).values(stockChanges);
  }
  await adjustStoreGoodsCount(tx, seller.storeId);
}

/** A row's new values by column key; every row of one call sets the same columns. */
type TRowUpdate = { id: bigint; values: Record<string, unknown> };

/**
 * Writes each row's own values in one statement (`update … from (values …)`): a statement per product was most of a
 * re-import's time. Each value goes through its column's driver mapping (money, jsonb, timestamps) and is cast to the
 * column's type. A batch stays far below PostgreSQL's 65,535 parameters: at most 250 products of two dozen columns, and
 * about 2,000 variants of five (a batch is at least a twentieth of the file, which holds at most 20,000 rows).
 */
async function updateRowsById(tx: Tx, table: typeof products | typeof productVariants, rows: TRowUpdate[]) {
  if (rows.length === 0) {
    return;
  }
  const columnsOfTable = getTableColumns(table) as Record<string, AnyPgColumn>;
  const keys = Object.keys(rows[0]!.values);
  const columns = keys.map((key) => columnsOfTable[key]!);
  const names = sql.join(
    columns.map((column) => sql.identifier(column.name)),
    sql`, `,
  );
  const tuples = rows.map(
    (row) =>
      sql`(${row.id}::bigint, ${sql.join(
        columns.map(
          (column, i) => sql`${param(row.values[keys[i]!], column)}::${sql.raw(column.getSQLType())}`,
        ),
        sql`, `,
      )})`,
  );
  await tx.execute(
    sql`update ${table} as t set ${sql.join(
      columns.map((column) => sql`${sql.identifier(column.name)} = v.${sql.identifier(column.name)}`),
      sql`, `,
    )} from (values ${sql.join(tuples, sql`, `)}) as v(id, ${names}) where t.id = v.id`,
  );
}

/** Each product through the editor's save, as the import saved updates before they were batched. */
async function updateOneByOne(
  db: Database,
  uploadDir: string,
  seller: TSeller,
  updates: TImportUpdate[],
): Promise<{ updated: number; refused: TRefusedUpdate[] }> {
  let updated = 0;
  const refused: TRefusedUpdate[] = [];
  for (const u of updates) {
    try {
      await saveSellerProduct(
        db,
        uploadDir,
        seller,
        u.body as TProductRequest,
        u.productId,
        IMPORT_STOCK_REASON,
      );
      updated += 1;
    } catch (error) {
      if (!isAppError(error)) {
        throw error;
      }
      refused.push({ row: u.row, code: error.code });
    }
  }
  return { updated, refused };
}
