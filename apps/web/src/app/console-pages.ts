import { type ComponentType, lazy } from 'react';
import { useSellerMenuCounts } from '../features/chat/api/use-seller-menu-counts';

/**
 * Pages that other features contribute to the consoles. Features do not import each other (STYLE.md), so the app
 * composes them here and hands them to the console as props; each stays its own lazy chunk.
 * Admin: section path (features/admin/paths.ts) -> page. Seller: section path (features/seller/paths.ts) -> page.
 */
export type TConsolePages = Partial<Record<string, ComponentType>>;

export const ADMIN_AREA_PAGES: TConsolePages = {
  orders: lazy(() => import('../features/admin-orders/pages/admin-orders')),
  'finance-recharges': lazy(() => import('../features/admin-finance/pages/recharges')),
  'finance-withdrawals': lazy(() => import('../features/admin-finance/pages/withdrawals')),
  'finance-channels': lazy(() => import('../features/admin-finance/pages/channels')),
  ledger: lazy(() => import('../features/admin-finance/pages/ledger')),
  'mail-outbox': lazy(() => import('../features/admin-services/pages/mail-outbox')),
  'coupon-campaigns': lazy(() => import('../features/admin-services/pages/coupon-campaigns')),
  'kyc-review': lazy(() => import('../features/admin-loans/pages/kyc-review')),
  'loan-review': lazy(() => import('../features/admin-loans/pages/loan-review')),
  'loan-book': lazy(() => import('../features/admin-loans/pages/loan-book')),
  'loan-products': lazy(() => import('../features/admin-loans/pages/loan-products')),
  'merchant-applications': lazy(() => import('../features/admin-merchants/pages/applications')),
  stores: lazy(() => import('../features/admin-merchants/pages/stores')),
  'product-moderation': lazy(() => import('../features/admin-merchants/pages/moderation')),
};

export const SELLER_AREA_PAGES: TConsolePages = {
  dashboard: lazy(() => import('../features/seller-shop/pages/dashboard')),
  products: lazy(() => import('../features/seller-shop/pages/products')),
  stock: lazy(() => import('../features/seller-shop/pages/stock')),
  reviews: lazy(() => import('../features/seller-shop/pages/reviews')),
  settlement: lazy(() => import('../features/seller-shop/pages/settlement')),
  shop: lazy(() => import('../features/seller-shop/pages/shop')),
  orders: lazy(() => import('../features/seller-orders/pages/seller-orders')),
  refunds: lazy(() => import('../features/seller-orders/pages/seller-refunds')),
  chat: lazy(() => import('../features/chat/pages/seller-chat')),
  notifications: lazy(() => import('../features/chat/pages/seller-notifications')),
};

/** Counts beside the seller menu's entries (unread messages and notifications), keyed by section path. */
export const useSellerMenuCountsSlot: () => Partial<Record<string, number>> = useSellerMenuCounts;

export const CS_AREA_PAGES: TConsolePages = {
  conversations: lazy(() => import('../features/chat/pages/cs-conversations')),
  insights: lazy(() => import('../features/chat/pages/cs-insights')),
  canned: lazy(() => import('../features/chat/pages/cs-canned')),
};
