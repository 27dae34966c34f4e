import type { TBindWithdrawAddressRequest } from '@caravan/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { WALLET_KEYS } from './keys';

export function bindWithdrawAddress(body: TBindWithdrawAddressRequest): Promise<unknown> {
  return api.post('/wallet/withdraw-address', body);
}

export function useBindWithdrawAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bindWithdrawAddress,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: WALLET_KEYS.withdrawAddress }),
    meta: { isToastSkipped: true },
  });
}
