import { PAGE_SIZE, type TLedgerHistoryPage, type TUserAccountKind } from '@caravan/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { FINANCE_KEYS, staffCall } from './keys';

export const LEDGER_PAGE_SIZE = PAGE_SIZE.list;

export function listUserLedger(input: {
  userId: string;
  pageNum: number;
  account?: TUserAccountKind;
}): Promise<TLedgerHistoryPage> {
  return api.get<TLedgerHistoryPage>(`/admin/ledger/users/${input.userId}/history`, {
    ...staffCall,
    query: { pageNum: input.pageNum, pageSize: LEDGER_PAGE_SIZE, account: input.account },
  });
}

/** A user's balance history (postings on their available and held accounts). */
export function useUserLedger(userId: string | undefined, pageNum: number, account?: TUserAccountKind) {
  return useQuery({
    queryKey: FINANCE_KEYS.ledgerHistory(userId ?? '', pageNum, account),
    queryFn: () => listUserLedger({ userId: userId ?? '', pageNum, account }),
    enabled: Boolean(userId),
    placeholderData: keepPreviousData,
  });
}
