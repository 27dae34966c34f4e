import type { TWithdrawFeeResponse } from '@caravan/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { WALLET_KEYS } from './keys';

export function getWithdrawFee(amount: string): Promise<TWithdrawFeeResponse> {
  return api.get<TWithdrawFeeResponse>('/wallet/withdraw-fee', { query: { amount } });
}

/** Fee, actual amount and limits for the bound address's network (SPEC withdraw_fee). */
export function useWithdrawFee(amount: string, isEnabled: boolean) {
  return useQuery({
    queryKey: WALLET_KEYS.withdrawFee(amount),
    queryFn: () => getWithdrawFee(amount),
    enabled: isEnabled,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
    meta: { isToastSkipped: true },
  });
}
