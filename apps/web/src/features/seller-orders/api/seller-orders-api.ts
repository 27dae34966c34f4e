import type {
  TCorrectTrackingRequest,
  TLogisticsEntry,
  TOrderInfo,
  TOrderListSort,
  TOrderPage,
  TOrderTab,
  TRejectRefundRequest,
  TSellerSummary,
  TShipOrderRequest,
} from '@caravan/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TTableSort } from '../../../components/ui/table-sort';
import { api } from '../../../lib/api';
import { runIntent } from '../../../lib/intent';

const seller = { audience: 'seller' } as const;
const base = (orderNo: string) => `/seller/orders/${encodeURIComponent(orderNo)}`;
type TActionResponse = { orderInfo: TOrderInfo };
const unwrap = (result: TActionResponse) => result.orderInfo;

export const SELLER_ORDERS_KEY = ['seller', 'orders'] as const;

export type TSellerOrderFilter = {
  tab: TOrderTab;
  pageNum: number;
  orderNo?: string;
  isReminded?: boolean;
} & TTableSort<TOrderListSort>;

export function useSellerSummary() {
  return useQuery({
    queryKey: ['seller', 'orders', 'summary'],
    queryFn: () => api.get<TSellerSummary>('/seller/summary', seller),
  });
}

export function useSellerOrders(filter: TSellerOrderFilter) {
  return useQuery({
    queryKey: [...SELLER_ORDERS_KEY, 'list', filter],
    queryFn: () =>
      api.get<TOrderPage>('/seller/orders', {
        ...seller,
        query: {
          tab: filter.tab,
          pageNum: filter.pageNum,
          orderNo: filter.orderNo || undefined,
          isReminded: filter.isReminded ? 'true' : undefined,
          sort: filter.sort,
          order: filter.order,
        },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useSellerOrder(orderNo: string | null) {
  return useQuery({
    queryKey: [...SELLER_ORDERS_KEY, 'detail', orderNo],
    queryFn: () => api.get<TActionResponse>(base(orderNo ?? ''), seller).then(unwrap),
    enabled: orderNo !== null,
  });
}

export function useSellerLogistics(orderNo: string | null) {
  return useQuery({
    queryKey: [...SELLER_ORDERS_KEY, 'logistics', orderNo],
    queryFn: () =>
      api.get<{ list: TLogisticsEntry[] }>(`${base(orderNo ?? '')}/logistics`, seller).then((r) => r.list),
    enabled: orderNo !== null,
  });
}

export function confirmSellerOrder(orderNo: string): Promise<TOrderInfo> {
  return api.post<TActionResponse>(`${base(orderNo)}/confirm`, {}, seller).then(unwrap);
}

export function shipSellerOrder(orderNo: string, body: TShipOrderRequest): Promise<TOrderInfo> {
  return api.post<TActionResponse>(`${base(orderNo)}/ship`, body, seller).then(unwrap);
}

/** A shipped order's carrier and tracking number, corrected before the buyer receives it. */
export function correctSellerTracking(orderNo: string, body: TCorrectTrackingRequest): Promise<TOrderInfo> {
  return api.post<TActionResponse>(`${base(orderNo)}/tracking`, body, seller).then(unwrap);
}

export function addSellerLogistics(orderNo: string, content: string): Promise<TLogisticsEntry[]> {
  return api
    .post<{ list: TLogisticsEntry[] }>(`${base(orderNo)}/logistics`, { content }, seller)
    .then((r) => r.list);
}

/** Pays the buyer back: one Idempotency-Key per intent, so a retry after a timeout replays the approval. */
export function approveSellerRefund(orderNo: string): Promise<TOrderInfo> {
  return runIntent(`seller-refund-approve:${orderNo}`, null, ({ key }) =>
    api.post<TActionResponse>(`${base(orderNo)}/refund/approve`, {}, { ...seller, idempotencyKey: key }),
  ).then(unwrap);
}

export function rejectSellerRefund(orderNo: string, body: TRejectRefundRequest): Promise<TOrderInfo> {
  return api.post<TActionResponse>(`${base(orderNo)}/refund/reject`, body, seller).then(unwrap);
}
