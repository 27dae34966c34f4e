import type { TProductDetail } from '@caravan/contracts';
import { api } from '../../../lib/api';

/** Product facts for a visitor's browser cart (name, picture, variant, price, limits, seller). */
export function getProduct(id: string): Promise<TProductDetail> {
  return api.get<TProductDetail>(`/catalog/products/${encodeURIComponent(id)}`);
}
