import { PAGE_SIZE, type TRechargePage } from '@caravan/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { WALLET_KEYS } from './keys';

export const RECHARGE_PAGE_SIZE = PAGE_SIZE.recharge;

export function listRecharges(pageNum: number): Promise<TRechargePage> {
  return api.get<TRechargePage>('/wallet/recharges', { query: { pageNum, pageSize: RECHARGE_PAGE_SIZE } });
}

export function useRecharges(pageNum: number, isEnabled = true) {
  return useQuery({
    queryKey: WALLET_KEYS.recharges(pageNum),
    queryFn: () => listRecharges(pageNum),
    placeholderData: keepPreviousData,
    enabled: isEnabled,
    staleTime: 5_000,
  });
}
