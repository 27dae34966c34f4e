import type { TOrderPage, TOrderTab } from '@caravan/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { ORDER_LIST_KEY } from './order-keys';

export function listOrders(tab: TOrderTab, pageNum: number): Promise<TOrderPage> {
  return api.get<TOrderPage>('/orders', { query: { tab, pageNum } });
}

/** My orders of one tab, 20 a page. */
export function useOrders(tab: TOrderTab, pageNum: number) {
  return useQuery({
    queryKey: ORDER_LIST_KEY(tab, pageNum),
    queryFn: () => listOrders(tab, pageNum),
    placeholderData: keepPreviousData,
  });
}
