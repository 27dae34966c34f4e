import type { TStaffTotpEnabled, TStaffTotpSetup, TStaffTotpState } from '@caravan/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

const staffCall = { audience: 'staff' } as const;
const TOTP_KEY = ['admin', 'totp'] as const;

export function useTotpState() {
  return useQuery({
    queryKey: TOTP_KEY,
    queryFn: () => api.get<TStaffTotpState>('/admin/auth/totp', staffCall),
  });
}

export function useStartTotpSetup() {
  return useMutation({
    mutationFn: () => api.post<TStaffTotpSetup>('/admin/auth/totp/setup', {}, staffCall),
  });
}

export function useEnableTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.post<TStaffTotpEnabled>('/admin/auth/totp/enable', { code }, staffCall),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TOTP_KEY }),
    meta: { isToastSkipped: true },
  });
}
