import type { TUserCoupon, TUserCouponsResponse } from '@caravan/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const COUPONS_KEY = ['coupons'] as const;

/** The coupons in the buyer's account (usable first). */
export function useCoupons(isEnabled = true) {
  return useQuery({
    queryKey: COUPONS_KEY,
    queryFn: async () => (await api.get<TUserCouponsResponse>('/coupons')).list,
    enabled: isEnabled,
  });
}

/** Adds a coupon to the account by its code (a mailed welcome code or a campaign's claim code). */
export function useClaimCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.post<TUserCoupon>('/coupons/claim', { code }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: COUPONS_KEY }),
  });
}
