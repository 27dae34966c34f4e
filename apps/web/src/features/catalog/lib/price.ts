import { parseMoney } from '@caravan/contracts/money';

/**
 * Whether the price shown is a reduced one, which alone earns the "Sale" badge and the struck "was" price: the
 * product's discount is on and its original price is above the price shown. The shown price is the chosen
 * variant's when it has one, and a variant with a price of its own does not take the product's discount: a
 * badge read from the product alone said "Sale" beside a variant sold above the original price.
 */
export function isPriceReduced(
  product: { isDiscounted: boolean; originalPrice: string },
  shownPrice: string,
): boolean {
  return product.isDiscounted && parseMoney(product.originalPrice) > parseMoney(shownPrice);
}
