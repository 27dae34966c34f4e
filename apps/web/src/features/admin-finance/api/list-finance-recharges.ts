import type { TAdminRecharge, TPage } from '@caravan/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { FINANCE_KEYS, staffCall, type TQueueFilter } from './keys';

export function listFinanceRecharges(filter: TQueueFilter): Promise<TPage<TAdminRecharge>> {
  return api.get<TPage<TAdminRecharge>>('/admin/finance/recharges', { ...staffCall, query: filter });
}

export function useFinanceRecharges(filter: TQueueFilter) {
  return useQuery({
    queryKey: FINANCE_KEYS.recharges(filter),
    queryFn: () => listFinanceRecharges(filter),
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });
}
