import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountRoutes } from './account';
import { addressRoutes } from './addresses';
import { adminRoutes } from './admin';
import { approvalRoutes } from './approvals';
import { authRoutes } from './auth';
import { cartRoutes } from './cart';
import { catalogRoutes } from './catalog';
import { chatRoutes, csRoutes } from './chat';
import { couponRoutes } from './coupons';
import { curationRoutes } from './curation';
import { dashboardRoutes } from './dashboard';
import { deviceRoutes } from './devices';
import { favouriteRoutes } from './favourites';
import { healthRoutes } from './health';
import { ledgerRoutes } from './ledger';
import { legacyRoutes } from './legacy';
import { loanRoutes } from './loans';
import { mailRoutes } from './mail';
import { notificationRoutes } from './notifications';
import { opsRoutes } from './ops';
import { adminOrderRoutes, orderRoutes, sellerOrderRoutes } from './orders';
import { adminMerchantRoutes, sellerRoutes } from './sellers';
import { staffTotpRoutes } from './staff-totp';
import { subscriptionRoutes } from './subscriptions';
import { uploadRoutes } from './uploads';
import { verificationRoutes } from './verification';
import { walletRoutes } from './wallet';

/**
 * Route plugins of every domain, registered in this order. Each domain adds its own line; paths are
 * absolute inside each plugin (`/api/v1/...`).
 */
export const ROUTE_PLUGINS: FastifyPluginAsyncZod[] = [
  healthRoutes,
  opsRoutes,
  authRoutes,
  accountRoutes,
  subscriptionRoutes,
  adminRoutes,
  catalogRoutes,
  favouriteRoutes,
  uploadRoutes,
  addressRoutes,
  cartRoutes,
  orderRoutes,
  sellerOrderRoutes,
  adminOrderRoutes,
  legacyRoutes,
  walletRoutes,
  ledgerRoutes,
  notificationRoutes,
  mailRoutes,
  verificationRoutes,
  couponRoutes,
  deviceRoutes,
  sellerRoutes,
  adminMerchantRoutes,
  loanRoutes,
  // console
  approvalRoutes,
  dashboardRoutes,
  curationRoutes,
  staffTotpRoutes,
  chatRoutes,
  csRoutes,
];
