import type { TCartItem } from '@caravan/contracts';
import type { TFunction } from 'i18next';

/**
 * Why a cart line cannot be checked out as it is (off shelf, removed, out of stock, more than can be bought now), or
 * null: the cart drawer and the checkout say the same. The caller's `t` must have the cart and errors namespaces.
 */
export function cartLineProblem(item: TCartItem, t: TFunction): string | null {
  if (!item.isAvailable) {
    return item.unavailableReason
      ? t(`errors:${item.unavailableReason}`, { defaultValue: t('cart:drawer.unavailable') })
      : t('cart:drawer.unavailable');
  }
  if (item.count > item.maxBuy) {
    return t('cart:drawer.overLimit', { max: item.maxBuy });
  }
  return null;
}
