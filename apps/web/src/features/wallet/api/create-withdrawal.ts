import type { TWithdrawal, TWithdrawSessionResponse } from '@caravan/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { WALLET_KEYS } from './keys';

/** SPEC §7: every submit first fetches a fresh one-time session token, then applies with it. */
export async function createWithdrawal(input: { amount: string; txPassword: string }): Promise<TWithdrawal> {
  const { sessionToken } = await api.post<TWithdrawSessionResponse>('/wallet/withdraw-session', {});
  return api.post<TWithdrawal>('/wallet/withdrawals', { sessionToken, ...input });
}

export function useCreateWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWithdrawal,
    onSettled: () => queryClient.invalidateQueries({ queryKey: WALLET_KEYS.all }),
    meta: { isToastSkipped: true },
  });
}
