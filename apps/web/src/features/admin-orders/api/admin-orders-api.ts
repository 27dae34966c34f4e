import type {
  TAdminRefundRequest,
  TOrderInfo,
  TOrderListSort,
  TOrderSummary,
  TOrderTab,
  TSecondApprovalWaiting,
  TWaitingFirstApproval,
} from '@caravan/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TTableSort } from '../../../components/ui/table-sort';
import { api } from '../../../lib/api';
import { runIntent } from '../../../lib/intent';

const staff = { audience: 'staff' } as const;
type TActionResponse = { orderInfo: TOrderInfo };

export type TAdminOrder = TOrderSummary & {
  buyer: { id: string; usercode: string };
  refundApproval: TWaitingFirstApproval | null;
  /** What a manual refund may still give back: paid less refunded ("0.00" once refunded in full). */
  refundableAmount: string;
};
export type TAdminOrderPage = { pageList: TAdminOrder[]; pageNum: number; pageSize: number; total: number };

export const ADMIN_ORDERS_KEY = ['admin', 'orders'] as const;

export function useAdminOrders(
  filter: { tab: TOrderTab; pageNum: number; orderNo?: string } & TTableSort<TOrderListSort>,
) {
  return useQuery({
    queryKey: [...ADMIN_ORDERS_KEY, 'list', filter],
    queryFn: () =>
      api.get<TAdminOrderPage>('/admin/orders', {
        ...staff,
        query: {
          tab: filter.tab,
          pageNum: filter.pageNum,
          orderNo: filter.orderNo || undefined,
          sort: filter.sort,
          order: filter.order,
        },
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
/** The answer carries `secondApproval` when the refund now waits for a second staff member (four-eyes). */
export function refundAdminOrder(
  orderNo: string,
  body: TAdminRefundRequest,
): Promise<TActionResponse & { secondApproval: TSecondApprovalWaiting }> {
  return runIntent(`admin-refund:${orderNo}`, body, ({ key }) =>
    api.post<TActionResponse & { secondApproval: TSecondApprovalWaiting }>(
      `/admin/orders/${encodeURIComponent(orderNo)}/refund`,
      body,
      { ...staff, idempotencyKey: key },
    ),
  );
}
