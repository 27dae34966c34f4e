import type { TLanguage, TMoney, TReviewRating } from '@caravan/contracts';
import type { Executor } from '../../db/client';
import { isAppError } from '../../http/app-error';
import {
  getGoodsLabel,
  getPurchasableItem,
  recordReview,
  returnStock,
  stockTakingSql,
  type TStockTakingSql,
  takeStock,
} from '../catalog/index';

/**
 * What orders and cart need from the catalogue, in one place: the catalogue owns products, prices and
 * stock; we only call its service API (modules/catalog/index.ts).
 */
export type TPurchasable = {
  productId: bigint;
  variantId: bigint | null;
  storeId: bigint;
  storeName: string;
  sellerUserId: bigint;
  name: string;
  specification: string;
  /** Name and specification in the seller's language (order_items.name_for_seller). */
  nameForSeller: string;
  specificationForSeller: string;
  imgUrl: string | null;
  unitPrice: TMoney;
  buyMin: number;
  buyMax: number | null;
  stock: number;
  dispatchFee: TMoney;
  longDistanceFee: TMoney;
  deliveryFee: TMoney;
};

/** Goods that cannot be sold now: the error code the catalogue gave (removed, off shelf, ...). */
export type TUnavailable = { code: 'PRODUCT_REMOVED' | 'GOODS_OFF_SHELF' | 'PARAMETER_ERROR' };

export function isUnavailable(value: TPurchasable | TUnavailable): value is TUnavailable {
  return 'code' in value;
}

export async function findPurchasable(
  db: Executor,
  productId: bigint,
  variantId: bigint | null,
  lang: TLanguage,
): Promise<TPurchasable | TUnavailable> {
  try {
    const item = await getPurchasableItem(db, productId, variantId, lang);
    return {
      productId: BigInt(item.productId),
      variantId: item.variantId === null ? null : BigInt(item.variantId),
      storeId: BigInt(item.storeId),
      storeName: item.storeName,
      sellerUserId: BigInt(item.sellerUserId),
      name: item.name,
      specification: item.variantName,
      nameForSeller: item.nameInProductLanguage,
      specificationForSeller: item.variantNameInProductLanguage,
      imgUrl: item.image?.url ?? null,
      unitPrice: item.unitPrice,
      buyMin: item.buyMin,
      buyMax: item.buyMax,
      stock: item.stock,
      dispatchFee: item.dispatchFee,
      longDistanceFee: item.longDistanceFee,
      deliveryFee: item.deliveryFee,
    };
  } catch (error) {
    if (isAppError(error)) {
      if (error.code === 'PRODUCT_NOT_FOUND') {
        return { code: 'PRODUCT_REMOVED' };
      }
      if (error.code === 'GOODS_OFF_SHELF' || error.code === 'PARAMETER_ERROR') {
        return { code: error.code };
      }
    }
    throw error;
  }
}

/** What a cart line names when its goods can no longer be sold: name, variant, picture and shop. */
export type TGoodsLabel = {
  name: string;
  specification: string;
  imgUrl: string | null;
  storeId: bigint;
  storeName: string;
};

/** Name, variant, picture and shop of goods in any state, in the request language; null for unknown goods. */
export async function findGoodsLabel(
  db: Executor,
  productId: bigint,
  variantId: bigint | null,
  lang: TLanguage,
): Promise<TGoodsLabel | null> {
  const label = await getGoodsLabel(db, productId, variantId, lang);
  return label
    ? {
        name: label.name,
        specification: label.variantName,
        imgUrl: label.image?.url ?? null,
        storeId: BigInt(label.storeId),
        storeName: label.storeName,
      }
    : null;
}

export type TStockLine = { productId: bigint; variantId: bigint | null; quantity: number };

/** Takes stock for every line or throws INSUFFICIENT_STOCK; never oversells. */
export async function takeOrderStock(tx: Executor, lines: TStockLine[]): Promise<void> {
  await takeStock(tx, lines);
}

/** takeOrderStock as CTEs of the caller's one-statement write (see stockTakingSql in the catalogue). */
export function orderStockSql(lines: TStockLine[]): TStockTakingSql {
  return stockTakingSql(lines);
}

export async function returnOrderStock(tx: Executor, lines: TStockLine[]): Promise<void> {
  await returnStock(tx, lines);
}

/** One catalogue review per product line of a reviewed order. */
export async function createOrderProductReviews(
  tx: Executor,
  input: {
    orderId: bigint;
    userId: bigint;
    items: { productId: bigint; variantId: bigint | null }[];
    rating: TReviewRating;
    content: string;
    images: string[];
  },
): Promise<void> {
  const seen = new Set<string>();
  for (const item of input.items) {
    const key = `${item.productId}:${item.variantId ?? ''}`;
    if (seen.has(key)) {
      continue;
    }
    seen.add(key);
    await recordReview(tx, {
      productId: item.productId,
      userId: input.userId,
      rating: input.rating,
      content: input.content,
      images: input.images,
      orderId: input.orderId,
      variantId: item.variantId,
    });
  }
}
