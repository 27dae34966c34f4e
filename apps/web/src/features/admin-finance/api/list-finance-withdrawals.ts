import type { TAdminWithdrawal, TPage } from '@caravan/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { FINANCE_KEYS, staffCall, type TQueueFilter } from './keys';

export function listFinanceWithdrawals(filter: TQueueFilter): Promise<TPage<TAdminWithdrawal>> {
  return api.get<TPage<TAdminWithdrawal>>('/admin/finance/withdrawals', { ...staffCall, query: filter });
}

export function useFinanceWithdrawals(filter: TQueueFilter) {
  return useQuery({
    queryKey: FINANCE_KEYS.withdrawals(filter),
    queryFn: () => listFinanceWithdrawals(filter),
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });
}
