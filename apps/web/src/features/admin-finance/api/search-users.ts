import type { TAdminUsersResponse } from '@caravan/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { FINANCE_KEYS, staffCall } from './keys';

/** Users matching a username, e-mail, phone or user code (needs users.read; otherwise the list stays empty). */
export function searchUsers(keyword: string): Promise<TAdminUsersResponse> {
  return api.get<TAdminUsersResponse>('/admin/users', {
    ...staffCall,
    query: { keyword, pageNum: 1, pageSize: 10 },
  });
}

export function useUserSearch(keyword: string) {
  return useQuery({
    queryKey: FINANCE_KEYS.userSearch(keyword),
    queryFn: () => searchUsers(keyword),
    enabled: keyword.length >= 2,
    staleTime: 30_000,
    retry: false,
    meta: { isToastSkipped: true },
  });
}
