import type { TAddress, TAddressRequest } from '@caravan/contracts';
import { api } from '../../../lib/api';

/** Adds a new address, or replaces an existing one when `id` is given. */
export function saveAddress(body: TAddressRequest, id?: string): Promise<TAddress> {
  return id
    ? api.put<TAddress>(`/addresses/${encodeURIComponent(id)}`, body)
    : api.post<TAddress>('/addresses', body);
}
