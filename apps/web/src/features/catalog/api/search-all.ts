import type { TSearchResponse } from '@caravan/contracts';
import { api } from '../../../lib/api';

/** SPEC §3 search: decides whether a submitted keyword lands on goods or store results. */
export function searchAll(keyword: string): Promise<TSearchResponse> {
  return api.get<TSearchResponse>('/catalog/search', { query: { k: keyword } });
}
