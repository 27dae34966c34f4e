import type { TCheckoutPreview, TCheckoutRequest } from '@caravan/contracts';
import { api } from '../../../lib/api';

export function previewCheckout(body: TCheckoutRequest): Promise<TCheckoutPreview> {
  return api.post<TCheckoutPreview>('/orders/preview', body);
}
