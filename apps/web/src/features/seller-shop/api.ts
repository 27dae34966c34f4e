import type {
  TBulkProductsRequest,
  TDashboardRange,
  TImportJob,
  TProductRequest,
  TSellerDashboard,
  TSellerProductDetail,
  TSellerProductsResponse,
  TSellerReviewsResponse,
  TSellerSummary,
  TSettlementStatement,
  TShopSettings,
  TShopSettingsRequest,
  TStockAdjustRequest,
  TStockHistoryResponse,
} from '@caravan/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type TQueryValue } from '../../lib/api';
import { usePublicSettings } from '../../lib/public-settings';

const seller = { audience: 'seller' } as const;
export const SHOP_KEY = ['seller', 'shop'] as const;

type TQuery = Record<string, TQueryValue>;

export function useSellerProducts(query: TQuery) {
  return useQuery({
    queryKey: [...SHOP_KEY, 'products', query],
    queryFn: () => api.get<TSellerProductsResponse>('/seller/products', { ...seller, query }),
    placeholderData: keepPreviousData,
  });
}

export function useSellerProduct(id: string | null) {
  return useQuery({
    queryKey: [...SHOP_KEY, 'product', id],
    queryFn: () => api.get<TSellerProductDetail>(`/seller/products/${id}`, seller),
    enabled: id !== null,
  });
}

/** Creates a product (`id` null) or saves the one with that id. */
export function useSaveProduct() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: TProductRequest }) =>
      id === null
        ? api.post<TSellerProductDetail>('/seller/products', body, seller)
        : api.put<TSellerProductDetail>(`/seller/products/${id}`, body, seller),
    onSuccess: () => client.invalidateQueries({ queryKey: SHOP_KEY }),
  });
}

export function useBulkProducts() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TBulkProductsRequest) =>
      api.post<{ changed: number }>('/seller/products/bulk', body, seller),
    onSuccess: () => client.invalidateQueries({ queryKey: SHOP_KEY }),
  });
}

export function useAdjustStock() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ productId, body }: { productId: string; body: TStockAdjustRequest }) =>
      api.post<{ stock: number }>(`/seller/products/${productId}/stock`, body, seller),
    onSuccess: () => client.invalidateQueries({ queryKey: SHOP_KEY }),
    // The dialog shows a refusal beside the change (a stock past 100,000,000) or in a toast.
    meta: { isToastSkipped: true },
  });
}

export function useStockHistory(query: { pageNum: number; pageSize: number; productId?: string }) {
  return useQuery({
    queryKey: [...SHOP_KEY, 'stock-history', query],
    queryFn: () => api.get<TStockHistoryResponse>('/seller/stock-history', { ...seller, query }),
    placeholderData: keepPreviousData,
  });
}

export function useShopSettings() {
  return useQuery({
    queryKey: [...SHOP_KEY, 'settings'],
    queryFn: () => api.get<TShopSettings>('/seller/shop', seller),
  });
}

export function useSaveShop() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TShopSettingsRequest) => api.put<TShopSettings>('/seller/shop', body, seller),
    onSuccess: () => client.invalidateQueries({ queryKey: SHOP_KEY }),
  });
}

export function useSellerReviews(query: { pageNum: number; pageSize: number; isReplied?: string }) {
  return useQuery({
    queryKey: [...SHOP_KEY, 'reviews', query],
    queryFn: () => api.get<TSellerReviewsResponse>('/seller/reviews', { ...seller, query }),
    placeholderData: keepPreviousData,
  });
}

export function useReplyReview() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, content }: { id: string; content: string }) =>
      api.post<{ ok: true }>(`/seller/reviews/${id}/reply`, { content }, seller),
    onSuccess: () => client.invalidateQueries({ queryKey: SHOP_KEY }),
  });
}

export function useSettlement(query: { month: string; pageNum: number; pageSize: number }) {
  return useQuery({
    queryKey: [...SHOP_KEY, 'settlement', query],
    queryFn: () => api.get<TSettlementStatement>('/seller/settlement', { ...seller, query }),
    placeholderData: keepPreviousData,
  });
}

export function useDashboard(range: TDashboardRange) {
  return useQuery({
    queryKey: [...SHOP_KEY, 'dashboard', range],
    queryFn: () => api.get<TSellerDashboard>('/seller/dashboard', { ...seller, query: { range } }),
  });
}

export function useSellerBalance() {
  return useQuery({
    queryKey: [...SHOP_KEY, 'summary'],
    queryFn: () => api.get<TSellerSummary>('/seller/summary', seller),
  });
}

export function useImportJob(id: string | null) {
  return useQuery({
    queryKey: [...SHOP_KEY, 'import', id],
    queryFn: () => api.get<TImportJob>(`/seller/products/import/${id}`, seller),
    enabled: id !== null,
    refetchInterval: (q) => (q.state.data?.status === 'running' ? 700 : false),
  });
}

/**
 * The platform's largest quantity of one item per order (public setting mall_max_goods_number_in_order): a product's
 * buy limits may not pass it (the server refuses them with BUY_LIMIT_ABOVE_PLATFORM).
 */
export function usePlatformMaxBuy(): number | undefined {
  const code = 'mall_max_goods_number_in_order';
  const value = Number(usePublicSettings([code]).data?.[code]);
  return Number.isInteger(value) && value > 0 ? value : undefined;
}
