import { PAGE_SIZE, type TWithdrawalPage } from '@caravan/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { WALLET_KEYS } from './keys';

export const WITHDRAWAL_PAGE_SIZE = PAGE_SIZE.list;

export function listWithdrawals(pageNum: number): Promise<TWithdrawalPage> {
  return api.get<TWithdrawalPage>('/wallet/withdrawals', {
    query: { pageNum, pageSize: WITHDRAWAL_PAGE_SIZE },
  });
}

export function useWithdrawals(pageNum: number, isEnabled = true) {
  return useQuery({
    queryKey: WALLET_KEYS.withdrawals(pageNum),
    queryFn: () => listWithdrawals(pageNum),
    placeholderData: keepPreviousData,
    enabled: isEnabled,
    staleTime: 5_000,
  });
}
