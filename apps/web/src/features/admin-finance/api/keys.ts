import type { TAdminWalletSort, TWalletRecordStatus } from '@caravan/contracts';
import type { TTableSort } from '../../../components/ui/table-sort';

export const staffCall = { audience: 'staff' } as const;

/** Queue filters: status, user and a creation date range (ISO instants); and the column sort. */
export type TQueueFilter = {
  pageNum: number;
  pageSize: number;
  status?: TWalletRecordStatus;
  userId?: string;
  createdFrom?: string;
  createdTo?: string;
} & TTableSort<TAdminWalletSort>;

export const FINANCE_KEYS = {
  all: ['admin', 'finance'] as const,
  recharges: (filter: TQueueFilter) => ['admin', 'finance', 'recharges', filter] as const,
  withdrawals: (filter: TQueueFilter) => ['admin', 'finance', 'withdrawals', filter] as const,
  channels: ['admin', 'finance', 'channels'] as const,
  ledgerCheck: ['admin', 'finance', 'ledger-check'] as const,
  ledgerHistory: (userId: string, pageNum: number, account?: string) =>
    ['admin', 'finance', 'ledger-history', userId, pageNum, account ?? 'all'] as const,
  userSearch: (keyword: string) => ['admin', 'finance', 'user-search', keyword] as const,
};
