import type { TWithdrawFeeResponse, TWithdrawLimitsResponse } from '@caravan/contracts';
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

export function getWithdrawLimits(): Promise<TWithdrawLimitsResponse> {
  return api.get<TWithdrawLimitsResponse>('/wallet/withdraw-limits');
}

/** The withdrawal limits before any amount is typed (the fee quote refuses amounts outside them). */
export function useWithdrawLimits() {
  return useQuery({
    queryKey: WALLET_KEYS.withdrawLimits,
    queryFn: getWithdrawLimits,
    staleTime: 10_000,
    meta: { isToastSkipped: true },
  });
}
