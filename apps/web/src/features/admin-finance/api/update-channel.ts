import type { TAdminChannel, TUpdateChannelRequest } from '@caravan/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { FINANCE_KEYS, staffCall } from './keys';

export function updateChannel(input: { id: string; body: TUpdateChannelRequest }): Promise<TAdminChannel> {
  return api.put<TAdminChannel>(`/admin/finance/channels/${input.id}`, input.body, staffCall);
}

export function useUpdateChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateChannel,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: FINANCE_KEYS.channels }),
    meta: { isToastSkipped: true },
  });
}
