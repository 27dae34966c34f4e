import type { TProductDetail } from '@caravan/contracts';

export type TVariant = TProductDetail['variants'][number];
export type TSelection = Record<string, string>;

/** The variant whose attributes all match the selection (every attribute chosen), or null. */
export function findVariant(product: TProductDetail, selection: TSelection): TVariant | null {
  if (product.attributes.some((attribute) => !selection[attribute.code])) {
    return null;
  }
  return (
    product.variants.find((variant) =>
      product.attributes.every((attribute) => variant.attrs[attribute.code] === selection[attribute.code]),
    ) ?? null
  );
}

/** Starts on the first variant in stock, so the page shows a real price and stock at once. */
export function initialSelection(product: TProductDetail): TSelection {
  const first = product.variants.find((variant) => variant.stock > 0) ?? product.variants[0];
  return first ? { ...first.attrs } : {};
}

/** Whether picking `value` for `code` (keeping the other choices) still reaches a variant in stock. */
export function isValueAvailable(
  product: TProductDetail,
  selection: TSelection,
  code: string,
  value: string,
) {
  return product.variants.some(
    (variant) =>
      variant.stock > 0 &&
      variant.attrs[code] === value &&
      product.attributes.every(
        (attribute) =>
          attribute.code === code ||
          !selection[attribute.code] ||
          variant.attrs[attribute.code] === selection[attribute.code],
      ),
  );
}

/** Quantity limits: buyMin .. min(maxBuy, stock). `canBuy` is false when stock is below the minimum. */
export function quantityLimits(buyMin: number, maxBuy: number, stock: number) {
  const min = Math.max(1, buyMin);
  const max = Math.min(maxBuy, stock);
  return { min, max: Math.max(min, max), canBuy: stock >= min && maxBuy >= min };
}
