import { parseMoney, type TLanguage } from '@caravan/contracts';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { categories, products, productVariants, stores, systemParams, users } from '../../db/schema';
import { createSession, hashPassword, newInvitationCode, newUsercode } from '../auth';
import { getBalances } from '../ledger';
import { clearOrderSettingsCache } from './settings';

export { fundUser } from '../../testing/fixtures';

/** Test data for cart, addresses and orders: users with sessions, shops, goods and wallet money. */
export const TX_PASSWORD = '246810';
let txHash: string | undefined;
let seq = 0;

export type TTestUser = { id: bigint; token: string; sellerToken: string };

export async function createTestUser(
  db: Database,
  options: { hasTxPassword?: boolean } = {},
): Promise<TTestUser> {
  seq += 1;
  txHash ??= await hashPassword(TX_PASSWORD);
  const [user] = await db
    .insert(users)
    .values({
      usercode: newUsercode(),
      username: `ordtest${Date.now().toString(36)}${seq}`,
      passwordHash: 'not-used',
      txPasswordHash: options.hasTxPassword === false ? null : txHash,
      invitationCode: newInvitationCode(),
    })
    .returning({ id: users.id });
  const buyer = await createSession(db, { audience: 'buyer', userId: user!.id, ttlHours: 24 });
  const seller = await createSession(db, { audience: 'seller', userId: user!.id, ttlHours: 24 });
  return { id: user!.id, token: buyer.token, sellerToken: seller.token };
}

export async function createTestStore(
  db: Database,
  ownerUserId: bigint,
  name = 'Test shop',
): Promise<bigint> {
  const [store] = await db.insert(stores).values({ ownerUserId, name }).returning({ id: stores.id });
  return store!.id;
}

/** The category test products go in, per database (test files sharing a worker each have their own). */
const categoryIds = new WeakMap<Database, bigint>();

export async function createTestProduct(
  db: Database,
  storeId: bigint,
  options: {
    price?: string;
    stock?: number;
    buyMin?: number;
    dispatchFee?: string;
    longDistanceFee?: string;
    deliveryFee?: string;
    isOnShelf?: boolean;
    variants?: { price: string | null; stock: number }[];
  } = {},
): Promise<{ productId: bigint; variantIds: bigint[] }> {
  let categoryId = categoryIds.get(db);
  if (!categoryId) {
    const [existing] = await db.select({ id: categories.id }).from(categories).limit(1);
    categoryId =
      existing?.id ??
      (
        await db
          .insert(categories)
          .values({ level: 1, names: { en: 'Test' } })
          .returning({ id: categories.id })
      )[0]!.id;
    categoryIds.set(db, categoryId);
  }
  const price = parseMoney(options.price ?? '10');
  const [product] = await db
    .insert(products)
    .values({
      storeId,
      categoryId,
      names: { en: 'Test goods' },
      price,
      sellingPrice: price,
      originalPrice: price,
      retailPrice: price,
      stock: options.stock ?? 100,
      buyMin: options.buyMin ?? 1,
      dispatchFee: parseMoney(options.dispatchFee ?? '0'),
      longDistanceFee: parseMoney(options.longDistanceFee ?? '0'),
      deliveryFee: parseMoney(options.deliveryFee ?? '0'),
      isOnShelf: options.isOnShelf ?? true,
      attributes: options.variants
        ? [
            {
              code: 'size',
              names: { en: 'Size' },
              values: options.variants.map((_, i) => ({ code: `s${i}`, names: { en: `S${i}` } })),
            },
          ]
        : [],
    })
    .returning({ id: products.id });
  const variantIds: bigint[] = [];
  for (const [i, v] of (options.variants ?? []).entries()) {
    const [row] = await db
      .insert(productVariants)
      .values({
        productId: product!.id,
        attrs: { size: `s${i}` },
        price: v.price === null ? null : parseMoney(v.price),
        stock: v.stock,
        sort: i,
      })
      .returning({ id: productVariants.id });
    variantIds.push(row!.id);
  }
  return { productId: product!.id, variantIds };
}

export async function availableOf(db: Database, userId: bigint): Promise<bigint> {
  return (await getBalances(db, userId)).available;
}

export async function setParam(db: Database, code: string, value: string): Promise<void> {
  await db
    .insert(systemParams)
    .values({ code, value })
    .onConflictDoUpdate({ target: systemParams.code, set: { value } });
  clearOrderSettingsCache(db);
}

export async function stockOf(db: Database, productId: bigint): Promise<number> {
  const [row] = await db.select({ stock: products.stock }).from(products).where(eq(products.id, productId));
  return row!.stock;
}

export const TEST_ADDRESS = {
  consignee: 'Anna Schmidt',
  areaCode: '+49',
  phone: '15112345678',
  country: 'DE',
  state: 'BE',
  city: 'Berlin',
  postcode: '10115',
  detail: 'Invalidenstrasse 1',
};

/** Places (and optionally pays) one order of `quantity` units of a product, through the services. */
export async function placeTestOrder(
  db: Database,
  buyerId: bigint,
  productId: bigint,
  options: { quantity?: number; isPaid?: boolean; now?: Date; lang?: TLanguage; variantId?: bigint } = {},
): Promise<{ orderNo: string; orderId: bigint; total: bigint }> {
  const { placeOrders } = await import('./checkout');
  const { payOrdersWithBalance } = await import('./pay-orders');
  const { findDefaultAddress, createAddress } = await import('../addresses');
  if (!(await findDefaultAddress(db, buyerId))) {
    await createAddress(db, buyerId, TEST_ADDRESS);
  }
  const [placed] = await placeOrders(
    db,
    buyerId,
    {
      items: [
        {
          productId: productId.toString(),
          quantity: options.quantity ?? 1,
          ...(options.variantId ? { variantId: options.variantId.toString() } : {}),
        },
      ],
    },
    options.lang ?? 'en',
    options.now,
  );
  if (options.isPaid !== false) {
    await payOrdersWithBalance(db, buyerId, [placed!.orderNo], options.now);
  }
  return { orderNo: placed!.orderNo, orderId: placed!.id, total: placed!.total };
}
