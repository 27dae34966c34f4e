import type { TWalletBalance } from '@caravan/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { WALLET_KEYS } from './keys';

export function getWallet(): Promise<TWalletBalance> {
  return api.get<TWalletBalance>('/wallet');
}

/** Balance (available, held) and whether a recharge or withdrawal is still unfinished. */
export function useWallet() {
  return useQuery({ queryKey: WALLET_KEYS.balance, queryFn: getWallet, staleTime: 5_000 });
}
