import type { TWalletChannelList } from '@caravan/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { WALLET_KEYS } from './keys';

/** Recharge methods; the server marks those closed in the buyer's region (from Accept-Language) unavailable. */
export function listWalletChannels(): Promise<TWalletChannelList> {
  return api.get<TWalletChannelList>('/wallet/channels');
}

export function useWalletChannels() {
  return useQuery({ queryKey: WALLET_KEYS.channels, queryFn: listWalletChannels, staleTime: 60_000 });
}
