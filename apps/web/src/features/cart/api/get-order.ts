import type { TOrderInfo } from '@caravan/contracts';
import { api } from '../../../lib/api';

export function getOrder(orderNo: string): Promise<TOrderInfo> {
  return api
    .get<{ orderInfo: TOrderInfo }>(`/orders/${encodeURIComponent(orderNo)}`)
    .then((result) => result.orderInfo);
}
