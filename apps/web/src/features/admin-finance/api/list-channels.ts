import type { TAdminChannel } from '@caravan/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { FINANCE_KEYS, staffCall } from './keys';

export async function listChannels(): Promise<TAdminChannel[]> {
  return (await api.get<{ channels: TAdminChannel[] }>('/admin/finance/channels', staffCall)).channels;
}

export function useChannels() {
  return useQuery({ queryKey: FINANCE_KEYS.channels, queryFn: listChannels });
}
