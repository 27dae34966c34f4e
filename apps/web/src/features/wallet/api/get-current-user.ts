import type { TUserInfo } from '@caravan/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { WALLET_KEYS } from './keys';

/** Fresh user info for the withdraw page (whether a transaction password is set). */
export function useCurrentUser() {
  return useQuery({
    queryKey: WALLET_KEYS.me,
    queryFn: async () => (await api.get<{ user: TUserInfo }>('/auth/me')).user,
    staleTime: 0,
  });
}
