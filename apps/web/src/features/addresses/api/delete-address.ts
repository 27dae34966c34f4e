import { api } from '../../../lib/api';

export function deleteAddress(id: string): Promise<{ ok: true }> {
  return api.delete<{ ok: true }>(`/addresses/${encodeURIComponent(id)}`);
}
