import { PAGE_SIZE, type TLedgerHistoryPage } from '@caravan/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { WALLET_KEYS } from './keys';

export const BALANCE_HISTORY_PAGE_SIZE = PAGE_SIZE.list;

/** The buyer's available balance, posting by posting: payments, refunds and loans beside recharges and withdrawals. */
export function useBalanceHistory(pageNum: number) {
  return useQuery({
    queryKey: WALLET_KEYS.history(pageNum),
    queryFn: () =>
      api.get<TLedgerHistoryPage>('/wallet/ledger', {
        query: { pageNum, pageSize: BALANCE_HISTORY_PAGE_SIZE, account: 'user_available' },
      }),
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });
}
