import type { TAdminDashboard } from '@caravan/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export type TDashboardRange = { from: string; to: string; utcOffsetMinutes: number };

/** The dashboard of a range of the viewer's days; refreshed every minute while open. */
export function useDashboard(range: TDashboardRange) {
  return useQuery({
    queryKey: ['admin', 'dashboard', range],
    queryFn: () => api.get<TAdminDashboard>('/admin/dashboard', { audience: 'staff', query: range }),
    placeholderData: (previous) => previous,
    refetchInterval: 60_000,
  });
}
