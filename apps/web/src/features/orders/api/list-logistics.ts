import type { TLogisticsEntry } from '@caravan/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { ORDER_LOGISTICS_KEY } from './order-keys';

/** Logistics entries, oldest first. */
export function useLogistics(orderNo: string, isEnabled = true) {
  return useQuery({
    queryKey: ORDER_LOGISTICS_KEY(orderNo),
    queryFn: () =>
      api
        .get<{ list: TLogisticsEntry[] }>(`/orders/${encodeURIComponent(orderNo)}/logistics`)
        .then((result) => result.list),
    enabled: isEnabled,
  });
}
