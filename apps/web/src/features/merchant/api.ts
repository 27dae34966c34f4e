import type {
  TMerchantApplication,
  TMerchantApplicationRequest,
  TMerchantInfoResponse,
  TMyMerchantApplicationResponse,
} from '@caravan/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

const MINE_KEY = ['merchant', 'application'] as const;

export function useMerchantInfo() {
  return useQuery({
    queryKey: ['merchant', 'info'],
    queryFn: () => api.get<TMerchantInfoResponse>('/merchant/info'),
  });
}

export function useMyApplication(isEnabled: boolean) {
  return useQuery({
    queryKey: MINE_KEY,
    queryFn: () => api.get<TMyMerchantApplicationResponse>('/merchant/application'),
    enabled: isEnabled,
  });
}

export function useSubmitApplication() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TMerchantApplicationRequest) =>
      api.post<TMerchantApplication>('/merchant/application', body),
    onSuccess: () => client.invalidateQueries({ queryKey: MINE_KEY }),
  });
}
