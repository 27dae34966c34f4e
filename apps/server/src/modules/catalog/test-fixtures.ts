import { randomBytes } from 'node:crypto';
import type { TImage, TLocalizedText } from '@caravan/contracts';
import { type Database, type DatabaseHandle, hotPathPools } from '../../db/client';
import {
  categories,
  products,
  productVariants,
  stores,
  type TProductAttributeDef,
  users,
} from '../../db/schema';
import { createSession } from '../auth';

/** Test data written straight to the database; every test file starts from an empty catalogue. */

const IMAGE: TImage = {
  url: '/uploads/img/x/test-960.webp',
  width: 960,
  height: 960,
  srcset: '/uploads/img/x/test-960.webp 960w',
};
const UNIT = 10_000_000_000n;

export async function createUser(db: Database, name: string): Promise<{ id: bigint; token: string }> {
  const [user] = await db
    .insert(users)
    .values({
      usercode: randomBytes(6).toString('hex'),
      username: name,
      passwordHash: 'x',
      invitationCode: randomBytes(6).toString('hex'),
    })
    .returning({ id: users.id });
  const { token } = await createSession(db, { audience: 'buyer', userId: user!.id, ttlHours: 1 });
  return { id: user!.id, token };
}

export async function createStore(
  db: Database,
  input: { ownerId: bigint; name: string; lang?: string; isRecommended?: number },
): Promise<bigint> {
  const [store] = await db
    .insert(stores)
    .values({
      ownerUserId: input.ownerId,
      name: input.name,
      lang: input.lang ?? 'en',
      isRecommended: input.isRecommended ?? 0,
      logo: IMAGE,
    })
    .returning({ id: stores.id });
  return store!.id;
}

export async function createCategory(
  db: Database,
  input: { parentId?: bigint; level: number; names: TLocalizedText; isRecommended?: boolean; sort?: number },
): Promise<bigint> {
  const [row] = await db
    .insert(categories)
    .values({
      parentId: input.parentId ?? null,
      level: input.level,
      names: input.names,
      isRecommended: input.isRecommended ?? false,
      sort: input.sort ?? 0,
    })
    .returning({ id: categories.id });
  return row!.id;
}

/** Three levels: Apparel > Men > (T-Shirts, Jackets). */
export async function createCategoryTree(db: Database) {
  const top = await createCategory(db, {
    level: 1,
    names: { en: 'Apparel', de: 'Bekleidung' },
    isRecommended: true,
  });
  const mid = await createCategory(db, { parentId: top, level: 2, names: { en: 'Men', de: 'Herren' } });
  const shirts = await createCategory(db, { parentId: mid, level: 3, names: { en: 'T-Shirts' }, sort: 0 });
  const jackets = await createCategory(db, { parentId: mid, level: 3, names: { en: 'Jackets' }, sort: 1 });
  const other = await createCategory(db, { level: 1, names: { en: 'Kitchen' } });
  return { top, mid, shirts, jackets, other };
}

export type TProductInput = {
  storeId: bigint;
  categoryId: bigint;
  names: TLocalizedText;
  descriptions?: TLocalizedText;
  lang?: string;
  /** Whole USDT. */
  price?: number;
  discountPrice?: number | null;
  isDiscounted?: boolean;
  discountEndsAt?: Date | null;
  stock?: number;
  soldCount?: number;
  isOnShelf?: boolean;
  isRecommended?: boolean;
  buyMin?: number;
  createdAt?: Date;
  attributes?: TProductAttributeDef[];
};

/** A seller with one shop, one top-level category and one product in it: the set-up of most catalogue tests. */
export async function createShopWithProduct(
  db: Database,
  input: { ownerName: string; storeName: string; category: TLocalizedText; product: TLocalizedText },
): Promise<{ storeId: bigint; categoryId: bigint; productId: bigint }> {
  const owner = await createUser(db, input.ownerName);
  const storeId = await createStore(db, { ownerId: owner.id, name: input.storeName });
  const categoryId = await createCategory(db, { level: 1, names: input.category });
  const productId = await createProduct(db, { storeId, categoryId, names: input.product });
  return { storeId, categoryId, productId };
}

export async function createProduct(db: Database, input: TProductInput): Promise<bigint> {
  const selling = BigInt(input.price ?? 10) * UNIT;
  const discount =
    input.discountPrice === undefined || input.discountPrice === null
      ? null
      : BigInt(input.discountPrice) * UNIT;
  const isDiscounted = input.isDiscounted ?? discount !== null;
  const [row] = await db
    .insert(products)
    .values({
      storeId: input.storeId,
      categoryId: input.categoryId,
      lang: input.lang ?? 'en',
      names: input.names,
      descriptions: input.descriptions ?? {},
      images: [IMAGE, IMAGE],
      attributes: input.attributes ?? [],
      price: isDiscounted && discount !== null ? discount : selling,
      sellingPrice: selling,
      originalPrice: selling * 2n,
      retailPrice: selling * 3n,
      discountPrice: discount,
      isDiscounted,
      discountEndsAt: input.discountEndsAt ?? null,
      stock: input.stock ?? 100,
      soldCount: input.soldCount ?? 0,
      isOnShelf: input.isOnShelf ?? true,
      isRecommended: input.isRecommended ?? false,
      buyMin: input.buyMin ?? 1,
      dispatchFee: 1n * UNIT,
      longDistanceFee: 2n * UNIT,
      deliveryFee: UNIT / 2n,
      ...(input.createdAt ? { createdAt: input.createdAt } : {}),
    })
    .returning({ id: products.id });
  return row!.id;
}

export async function createVariant(
  db: Database,
  input: { productId: bigint; attrs: Record<string, string>; stock: number; price?: number | null },
): Promise<bigint> {
  const [row] = await db
    .insert(productVariants)
    .values({
      productId: input.productId,
      attrs: input.attrs,
      stock: input.stock,
      price: input.price === undefined || input.price === null ? null : BigInt(input.price) * UNIT,
    })
    .returning({ id: productVariants.id });
  return row!.id;
}

/** A statement the app sent: its SQL text and parameters. */
export type TSentQuery = { text: string; params: unknown[] };

/** Counts (and keeps) every statement the app sends to the database from now on. */
export function countQueries(database: DatabaseHandle): {
  read: () => number;
  reset: () => void;
  sent: () => TSentQuery[];
} {
  let sent: TSentQuery[] = [];
  const hotPathPool = database.pool ? hotPathPools.get(database.pool) : undefined;
  for (const client of [database.pglite ?? database.pool, hotPathPool]) {
    if (!client) {
      continue;
    }
    const target = client as unknown as { query: (...args: unknown[]) => unknown };
    const original = target.query.bind(target);
    target.query = (...args: unknown[]) => {
      // PGlite and pg take (text, params); pg also takes a config object ({ text, values? }) and params.
      const [first, second] = args;
      const config = (typeof first === 'string' ? { text: first } : first) as {
        text?: unknown;
        values?: unknown;
      };
      const values = config.values ?? second;
      sent.push({
        text: String(config.text ?? ''),
        params: Array.isArray(values) ? (values as unknown[]) : [],
      });
      return original(...args);
    };
  }
  return {
    read: () => sent.length,
    reset: () => {
      sent = [];
    },
    sent: () => sent,
  };
}
