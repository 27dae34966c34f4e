import type { TAdminRefundRequest, TOrderInfo, TOrderSummary, TOrderTab } from '@caravan/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

const staff = { audience: 'staff' } as const;
type TActionResponse = { orderInfo: TOrderInfo };

export type TAdminOrder = TOrderSummary & { buyer: { id: string; usercode: string } };
export type TAdminOrderPage = { pageList: TAdminOrder[]; pageNum: number; pageSize: number; total: number };

export const ADMIN_ORDERS_KEY = ['admin', 'orders'] as const;

export function useAdminOrders(filter: { tab: TOrderTab; pageNum: number; orderNo?: string }) {
  return useQuery({
    queryKey: [...ADMIN_ORDERS_KEY, 'list', filter],
    queryFn: () =>
      api.get<TAdminOrderPage>('/admin/orders', {
        ...staff,
        query: { tab: filter.tab, pageNum: filter.pageNum, orderNo: filter.orderNo || undefined },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminOrder(orderNo: string | null) {
  return useQuery({
    queryKey: [...ADMIN_ORDERS_KEY, 'detail', orderNo],
    queryFn: () =>
      api
        .get<TActionResponse>(`/admin/orders/${encodeURIComponent(orderNo ?? '')}`, staff)
        .then((r) => r.orderInfo),
    enabled: orderNo !== null,
  });
}

/** Manual refund by the platform (orders.manage). */
export function refundAdminOrder(orderNo: string, body: TAdminRefundRequest): Promise<TOrderInfo> {
  return api
    .post<TActionResponse>(`/admin/orders/${encodeURIComponent(orderNo)}/refund`, body, staff)
    .then((r) => r.orderInfo);
}
