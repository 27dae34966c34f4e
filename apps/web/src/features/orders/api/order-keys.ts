import type { TOrderTab } from '@caravan/contracts';

export const ORDERS_KEY = ['orders'] as const;
export const ORDER_LIST_KEY = (tab: TOrderTab, pageNum: number) => ['orders', 'list', tab, pageNum] as const;
export const ORDER_DETAIL_KEY = (orderNo: string) => ['orders', 'detail', orderNo] as const;
export const ORDER_LOGISTICS_KEY = (orderNo: string) => ['orders', 'logistics', orderNo] as const;
