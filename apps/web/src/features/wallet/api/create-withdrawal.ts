import type { TWithdrawal, TWithdrawSessionResponse } from '@caravan/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { runIntent } from '../../../lib/intent';
import { WALLET_KEYS } from './keys';

/**
 * SPEC §7: every submit first fetches a fresh one-time session token, then applies with it. A retry of the
 * same unanswered submit sends the same token and Idempotency-Key, so it cannot withdraw twice.
 */
export function createWithdrawal(input: { amount: string; txPassword: string }): Promise<TWithdrawal> {
  return runIntent('withdraw', input, async (intent) => {
    let sessionToken = intent.memo.get('sessionToken') as string | undefined;
    if (sessionToken === undefined) {
      ({ sessionToken } = await api.post<TWithdrawSessionResponse>('/wallet/withdraw-session', {}));
      intent.memo.set('sessionToken', sessionToken);
    }
    return api.post<TWithdrawal>(
      '/wallet/withdrawals',
      { sessionToken, ...input },
      { idempotencyKey: intent.key },
    );
  });
}

export function useCreateWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWithdrawal,
    onSettled: () => queryClient.invalidateQueries({ queryKey: WALLET_KEYS.all }),
    meta: { isToastSkipped: true },
  });
}
