import {
  formatMoney,
  lineAmount,
  parseMoney,
  type TCart,
  type TCartItem,
  type TErrorCode,
  type TLanguage,
  type TMergeCartResponse,
} from '@caravan/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { cartItems } from '../../db/schema';
import { AppError, isAppError } from '../../http/app-error';
import {
  checkLine,
  findBuyerOrderGoods,
  findGoodsLabel,
  findPurchasable,
  getOrderSettings,
  isUnavailable,
  type TOrderSettings,
} from '../orders';

/** Most lines one cart keeps; beyond it adding is refused. */
export const CART_LINES_MAX = 200;

type TCartRow = typeof cartItems.$inferSelect;

async function toCartItem(
  db: Executor,
  row: TCartRow,
  settings: TOrderSettings,
  lang: TLanguage,
): Promise<TCartItem> {
  const found = await findPurchasable(db, row.productId, row.variantId, lang);
  const item = isUnavailable(found) ? null : found;
  const buyMin = item?.buyMin ?? 1;
  const stock = item?.stock ?? 0;
  const reason: TErrorCode | null = isUnavailable(found)
    ? found.code
    : stock < buyMin
      ? 'INSUFFICIENT_STOCK'
      : null;
  // The stepper stops at what can really be bought: the order limit or the stock, whichever is lower.
  const maxBuy = Math.max(buyMin, Math.min(settings.maxBuy, item?.buyMax ?? settings.maxBuy, stock));
  const isQuantityBuyable = row.quantity <= maxBuy;
  const price = item?.unitPrice ?? 0n;
  // Goods no longer for sale still say what they were (name, variant, picture, shop), so the buyer can tell what
  // disappeared and remove it knowingly.
  const label = item ?? (await findGoodsLabel(db, row.productId, row.variantId, lang));
  return {
    id: row.id.toString(),
    productId: row.productId.toString(),
    variantId: row.variantId?.toString() ?? null,
    name: label?.name ?? '',
    checkAttrName: label?.specification ?? '',
    imgUrl: label?.imgUrl ?? null,
    price: formatMoney(price),
    count: row.quantity,
    buyMin,
    maxBuy,
    stock,
    isChecked: row.isChecked && reason === null && isQuantityBuyable,
    isAvailable: reason === null,
    unavailableReason: reason,
    lineTotal: formatMoney(lineAmount(price, row.quantity)),
    seller: { id: label?.storeId.toString() ?? '0', name: label?.storeName ?? '' },
  };
}

/** The cart grouped per seller, with check-all and indeterminate state per group and overall. */
export async function getCart(db: Executor, userId: bigint, lang: TLanguage): Promise<TCart> {
  const settings = await getOrderSettings(db);
  const rows = await db
    .select()
    .from(cartItems)
    .where(eq(cartItems.userId, userId))
    .orderBy(asc(cartItems.id));
  const items: TCartItem[] = [];
  for (const row of rows) {
    items.push(await toCartItem(db, row, settings, lang));
  }
  const groups = new Map<string, TCartItem[]>();
  for (const item of items) {
    const list = groups.get(item.seller.id) ?? [];
    list.push(item);
    groups.set(item.seller.id, list);
  }
  const sumChecked = (list: TCartItem[]) =>
    list.filter((i) => i.isChecked).reduce((sum, i) => sum + lineAmount(parseMoney(i.price), i.count), 0n);
  const checkedCount = items.filter((i) => i.isChecked).length;
  return {
    groups: [...groups.values()].map((list) => {
      const checked = list.filter((i) => i.isChecked).length;
      return {
        seller: list[0]!.seller,
        items: list,
        checkAll: checked > 0 && checked === list.length,
        isIndeterminate: checked > 0 && checked < list.length,
        checkTotal: formatMoney(sumChecked(list)),
      };
    }),
    checkAll: checkedCount > 0 && checkedCount === items.length,
    isIndeterminate: checkedCount > 0 && checkedCount < items.length,
    checkedCount,
    checkedTotal: formatMoney(sumChecked(items)),
    count: items.length,
    maxBuy: settings.maxBuy,
  };
}

async function checkGoods(
  db: Executor,
  userId: bigint,
  productId: bigint,
  variantId: bigint | null,
  quantity: number,
  lang: TLanguage,
): Promise<void> {
  const settings = await getOrderSettings(db);
  const details = { productId: productId.toString(), variantId: variantId?.toString() ?? null };
  const item = checkLine(
    await findPurchasable(db, productId, variantId, lang),
    quantity,
    settings,
    userId,
    details,
  );
  if (quantity > item.stock) {
    throw new AppError('INSUFFICIENT_STOCK', { ...details, stock: item.stock });
  }
}

/** The user's cart line for these goods (a line without a variant matches only a null variant). */
function isSameLine(userId: bigint, productId: bigint, variantId: bigint | null) {
  return and(
    eq(cartItems.userId, userId),
    eq(cartItems.productId, productId),
    sql`coalesce(${cartItems.variantId}, 0) = ${variantId ?? 0n}`,
  );
}

async function lockCartLine(tx: Executor, userId: bigint, productId: bigint, variantId: bigint | null) {
  const [line] = await tx
    .select()
    .from(cartItems)
    .where(isSameLine(userId, productId, variantId))
    .for('update');
  return line;
}

/** Adds goods to the cart; adding a line that is already there adds to its quantity. */
export async function addCartItem(
  db: Database,
  userId: bigint,
  input: { productId: bigint; variantId: bigint | null; quantity: number },
  lang: TLanguage,
): Promise<bigint> {
  return db.transaction(async (tx) => {
    const existing = await lockCartLine(tx, userId, input.productId, input.variantId);
    const quantity = (existing?.quantity ?? 0) + input.quantity;
    await checkGoods(tx, userId, input.productId, input.variantId, quantity, lang);
    if (existing) {
      await tx
        .update(cartItems)
        .set({ quantity, isChecked: true, updatedAt: new Date() })
        .where(eq(cartItems.id, existing.id));
      return existing.id;
    }
    const [{ n } = { n: 0 }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(cartItems)
      .where(eq(cartItems.userId, userId));
    if (n >= CART_LINES_MAX) {
      throw new AppError('ABOVE_MAX_PURCHASE', { lines: CART_LINES_MAX }, { max: CART_LINES_MAX });
    }
    const [row] = await tx
      .insert(cartItems)
      .values({ userId, productId: input.productId, variantId: input.variantId, quantity: input.quantity })
      .onConflictDoNothing()
      .returning({ id: cartItems.id });
    if (row) {
      return row.id;
    }
    // A concurrent add created the line first: add to it instead.
    const [merged] = await tx
      .update(cartItems)
      .set({ quantity: sql`${cartItems.quantity} + ${input.quantity}`, updatedAt: new Date() })
      .where(isSameLine(userId, input.productId, input.variantId))
      .returning({ id: cartItems.id });
    return merged!.id;
  });
}

async function findLine(db: Executor, userId: bigint, id: bigint): Promise<TCartRow> {
  const [row] = await db
    .select()
    .from(cartItems)
    .where(and(eq(cartItems.id, id), eq(cartItems.userId, userId)))
    .limit(1);
  if (!row) {
    throw new AppError('PRODUCT_NOT_FOUND');
  }
  return row;
}

export async function updateCartItem(
  db: Database,
  userId: bigint,
  id: bigint,
  input: { quantity?: number | undefined; isChecked?: boolean | undefined },
  lang: TLanguage,
): Promise<void> {
  await db.transaction(async (tx) => {
    const line = await findLine(tx, userId, id);
    if (input.quantity !== undefined) {
      await checkGoods(tx, userId, line.productId, line.variantId, input.quantity, lang);
    }
    await tx
      .update(cartItems)
      .set({
        ...(input.quantity !== undefined ? { quantity: input.quantity } : {}),
        ...(input.isChecked !== undefined ? { isChecked: input.isChecked } : {}),
        updatedAt: new Date(),
      })
      .where(and(eq(cartItems.id, id), eq(cartItems.userId, userId)));
  });
}

/** Checks or unchecks the given lines, or every line when none are given. */
export async function checkCartItems(
  db: Database,
  userId: bigint,
  itemIds: bigint[] | undefined,
  isChecked: boolean,
) {
  await db
    .update(cartItems)
    .set({ isChecked, updatedAt: new Date() })
    .where(and(eq(cartItems.userId, userId), itemIds ? inArray(cartItems.id, itemIds) : undefined));
}

export async function deleteCartItems(db: Database, userId: bigint, itemIds: bigint[]): Promise<void> {
  await db.delete(cartItems).where(and(eq(cartItems.userId, userId), inArray(cartItems.id, itemIds)));
}

/**
 * Merges the visitor's browser cart at log in: each line is added like "add to cart" but capped at the
 * larger of the two quantities; lines that break a rule are skipped and reported, never fatal.
 */
export async function mergeCart(
  db: Database,
  userId: bigint,
  items: { productId: string; variantId?: string | undefined; quantity: number; isChecked: boolean }[],
  lang: TLanguage,
): Promise<TMergeCartResponse> {
  const skipped: TMergeCartResponse['skipped'] = [];
  for (const item of items) {
    const productId = BigInt(item.productId);
    const variantId = item.variantId ? BigInt(item.variantId) : null;
    try {
      await db.transaction(async (tx) => {
        const existing = await lockCartLine(tx, userId, productId, variantId);
        const quantity = Math.max(existing?.quantity ?? 0, item.quantity);
        await checkGoods(tx, userId, productId, variantId, quantity, lang);
        if (existing) {
          await tx
            .update(cartItems)
            .set({ quantity, isChecked: item.isChecked, updatedAt: new Date() })
            .where(eq(cartItems.id, existing.id));
        } else {
          await tx
            .insert(cartItems)
            .values({ userId, productId, variantId, quantity, isChecked: item.isChecked })
            .onConflictDoNothing();
        }
      });
    } catch (error) {
      if (!isAppError(error)) {
        throw error;
      }
      skipped.push({ productId: item.productId, variantId: item.variantId ?? null, code: error.code });
    }
  }
  return { cart: await getCart(db, userId, lang), skipped };
}

/** Puts order lines back into the cart (quantities add up); returns the line ids. */
async function addOrderCartItems(
  db: Database,
  userId: bigint,
  lines: { productId: bigint; variantId: bigint | null; quantity: number }[],
  lang: TLanguage = 'en',
): Promise<string[]> {
  const ids: string[] = [];
  for (const line of lines) {
    ids.push((await addCartItem(db, userId, line, lang)).toString());
  }
  return ids;
}

/** Rebuy: puts the goods of the buyer's order back into the cart; returns the cart line ids to check out. */
export async function rebuyOrder(
  db: Database,
  input: { userId: bigint; orderNo: string; lang: TLanguage },
): Promise<string[]> {
  const goods = await findBuyerOrderGoods(db, input.userId, input.orderNo);
  return addOrderCartItems(db, input.userId, goods, input.lang);
}
