import type { TWithdrawAddressResponse } from '@caravan/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { WALLET_KEYS } from './keys';

export function getWithdrawAddress(): Promise<TWithdrawAddressResponse> {
  return api.get<TWithdrawAddressResponse>('/wallet/withdraw-address');
}

/** The one bound withdrawal address, or `address: null`. */
export function useWithdrawAddress() {
  return useQuery({ queryKey: WALLET_KEYS.withdrawAddress, queryFn: getWithdrawAddress });
}
