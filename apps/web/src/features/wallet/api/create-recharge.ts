import type { TCreateRechargeRequest, TRecharge } from '@caravan/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { runIntent } from '../../../lib/intent';
import { WALLET_KEYS } from './keys';

export function createRecharge(body: TCreateRechargeRequest): Promise<TRecharge> {
  return runIntent('recharge', body, ({ key }) =>
    api.post<TRecharge>('/wallet/recharges', body, { idempotencyKey: key }),
  );
}

/** The page shows failures itself (beside fields, or a toast and the 2.5 s return to the wallet). */
export function useCreateRecharge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRecharge,
    onSettled: () => queryClient.invalidateQueries({ queryKey: WALLET_KEYS.all }),
    meta: { isToastSkipped: true },
  });
}
