import type { TAddressList } from '@caravan/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { ADDRESSES_KEY } from './address-keys';

export function listAddresses(): Promise<TAddressList> {
  return api.get<TAddressList>('/addresses');
}

export function useAddresses() {
  return useQuery({ queryKey: ADDRESSES_KEY, queryFn: listAddresses });
}
