import type { TConsolePages } from '../components/console/console-layout';
import { useCsMenuCounts } from '../features/chat/api/use-cs-menu-counts';
import { useSellerMenuCounts } from '../features/chat/api/use-seller-menu-counts';
import { preloadableLazy } from '../lib/preloadable-lazy';

/**
 * Pages that other features contribute to the consoles. Features do not import each other (STYLE.md), so the app
 * composes them here and hands them to the console as props; each stays its own lazy chunk.
 * Admin: section path (features/admin/paths.ts) -> page. Seller: section path (features/seller/paths.ts) -> page.
 */
export const ADMIN_AREA_PAGES: TConsolePages = {
  orders: preloadableLazy(() => import('../features/admin-orders/pages/admin-orders')),
  'finance-recharges': preloadableLazy(() => import('../features/admin-finance/pages/recharges')),
  'finance-withdrawals': preloadableLazy(() => import('../features/admin-finance/pages/withdrawals')),
  'finance-channels': preloadableLazy(() => import('../features/admin-finance/pages/channels')),
  ledger: preloadableLazy(() => import('../features/admin-finance/pages/ledger')),
  'mail-outbox': preloadableLazy(() => import('../features/admin-services/pages/mail-outbox')),
  'coupon-campaigns': preloadableLazy(() => import('../features/admin-services/pages/coupon-campaigns')),
  'kyc-review': preloadableLazy(() => import('../features/admin-loans/pages/kyc-review')),
  'loan-review': preloadableLazy(() => import('../features/admin-loans/pages/loan-review')),
  'loan-book': preloadableLazy(() => import('../features/admin-loans/pages/loan-book')),
  'loan-products': preloadableLazy(() => import('../features/admin-loans/pages/loan-products')),
  'merchant-applications': preloadableLazy(() => import('../features/admin-merchants/pages/applications')),
  stores: preloadableLazy(() => import('../features/admin-merchants/pages/stores')),
  'product-moderation': preloadableLazy(() => import('../features/admin-merchants/pages/moderation')),
};

export const SELLER_AREA_PAGES: TConsolePages = {
  dashboard: preloadableLazy(() => import('../features/seller-shop/pages/dashboard')),
  products: preloadableLazy(() => import('../features/seller-shop/pages/products')),
  stock: preloadableLazy(() => import('../features/seller-shop/pages/stock')),
  reviews: preloadableLazy(() => import('../features/seller-shop/pages/reviews')),
  settlement: preloadableLazy(() => import('../features/seller-shop/pages/settlement')),
  shop: preloadableLazy(() => import('../features/seller-shop/pages/shop')),
  orders: preloadableLazy(() => import('../features/seller-orders/pages/seller-orders')),
  refunds: preloadableLazy(() => import('../features/seller-orders/pages/seller-refunds')),
  chat: preloadableLazy(() => import('../features/chat/pages/seller-chat')),
  notifications: preloadableLazy(() => import('../features/chat/pages/seller-notifications')),
};

/** Counts beside the seller menu's entries (unread messages and notifications), keyed by section path. */
export const useSellerMenuCountsSlot: () => Partial<Record<string, number>> = useSellerMenuCounts;

/** The customer-service menu's count: conversations waiting plus the agent's own unread ones. */
export const useCsMenuCountsSlot: () => Partial<Record<string, number>> = useCsMenuCounts;

export const CS_AREA_PAGES: TConsolePages = {
  conversations: preloadableLazy(() => import('../features/chat/pages/cs-conversations')),
  insights: preloadableLazy(() => import('../features/chat/pages/cs-insights')),
  canned: preloadableLazy(() => import('../features/chat/pages/cs-canned')),
};
