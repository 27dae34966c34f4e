import type { TWalletBalance } from '@caravan/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from './api';

/** The signed-in buyer's balance; every money change invalidates `['wallet']`, and with it this. */
export const WALLET_BALANCE_KEY = ['wallet', 'balance'] as const;

/**
 * Balance (available, held) and whether a recharge or withdrawal is still unfinished: one query for the wallet's
 * pages, the loans' repayment and the pay dialog, so each shows what the others just changed.
 */
export function useWalletBalance({ isEnabled = true }: { isEnabled?: boolean } = {}) {
  return useQuery({
    queryKey: WALLET_BALANCE_KEY,
    queryFn: () => api.get<TWalletBalance>('/wallet'),
    staleTime: 5_000,
    enabled: isEnabled,
  });
}
