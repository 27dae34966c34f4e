import type { TOrderInfo } from '@caravan/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { ORDER_DETAIL_KEY } from './order-keys';

export function getOrder(orderNo: string): Promise<TOrderInfo> {
  return api
    .get<{ orderInfo: TOrderInfo }>(`/orders/${encodeURIComponent(orderNo)}`)
    .then((result) => result.orderInfo);
}

export function useOrder(orderNo: string) {
  return useQuery({
    queryKey: ORDER_DETAIL_KEY(orderNo),
    queryFn: () => getOrder(orderNo),
    enabled: /^\d{8,32}$/.test(orderNo),
  });
}
