import type {
  TCancelOrderRequest,
  TOrderInfo,
  TRefundOrderRequest,
  TReviewOrderRequest,
} from '@caravan/contracts';
import { api } from '../../../lib/api';
import { runIntent } from '../../../lib/intent';

type TActionResponse = { orderInfo: TOrderInfo };
const path = (orderNo: string, action: string) => `/orders/${encodeURIComponent(orderNo)}/${action}`;
const unwrap = (result: TActionResponse) => result.orderInfo;

export function cancelOrder(orderNo: string, body: TCancelOrderRequest): Promise<TOrderInfo> {
  return api.post<TActionResponse>(path(orderNo, 'cancel'), body).then(unwrap);
}

export function remindOrder(orderNo: string): Promise<TOrderInfo> {
  return api.post<TActionResponse>(path(orderNo, 'remind')).then(unwrap);
}

export function reviewOrder(orderNo: string, body: TReviewOrderRequest): Promise<TOrderInfo> {
  return api.post<TActionResponse>(path(orderNo, 'review'), body).then(unwrap);
}

export function refundOrder(orderNo: string, body: TRefundOrderRequest): Promise<TOrderInfo> {
  return runIntent(`refund:${orderNo}`, body, ({ key }) =>
    api.post<TActionResponse>(path(orderNo, 'refund'), body, { idempotencyKey: key }),
  ).then(unwrap);
}

/** Confirming receipt releases the escrow to the seller: one intent, one Idempotency-Key. */
export function receiveOrder(orderNo: string): Promise<TOrderInfo> {
  return runIntent(`receive:${orderNo}`, null, ({ key }) =>
    api.post<TActionResponse>(path(orderNo, 'receive'), undefined, { idempotencyKey: key }),
  ).then(unwrap);
}

export function rebuyOrder(orderNo: string): Promise<{ cartItemIds: string[] }> {
  return api.post<{ cartItemIds: string[] }>(path(orderNo, 'rebuy'));
}
