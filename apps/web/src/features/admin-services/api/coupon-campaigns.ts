import type { TCampaignsResponse, TCreateCampaignRequest } from '@caravan/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

const staffCall = { audience: 'staff' } as const;
const KEY = ['admin', 'coupon-campaigns'] as const;

export type TCampaignPage = { pageNum: number; pageSize: number };

export function useCouponCampaigns(page: TCampaignPage) {
  return useQuery({
    queryKey: [...KEY, page],
    queryFn: () => api.get<TCampaignsResponse>('/admin/coupon-campaigns', { ...staffCall, query: page }),
    placeholderData: keepPreviousData,
  });
}

function useCampaignMutation<TInput, TResult>(fn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: KEY }),
    // The page shows the error itself: beside the field, or in its own toast.
    meta: { isToastSkipped: true },
  });
}

export function useCreateCampaign() {
  return useCampaignMutation((body: TCreateCampaignRequest) =>
    api.post<{ id: string }>('/admin/coupon-campaigns', body, staffCall),
  );
}

export function useStopCampaign() {
  return useCampaignMutation((id: string) =>
    api.post<{ ok: true }>(`/admin/coupon-campaigns/${id}/stop`, undefined, staffCall),
  );
}
