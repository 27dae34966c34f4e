import type { TPermission } from '@caravan/contracts';

type TAdminPage = {
  path: string;
  labelKey: string;
  /** One permission, or a list of which any one opens the page; none: every staff member (own settings). */
  permission?: TPermission | readonly TPermission[];
};

const PAGES = [
  {
    path: 'dashboard',
    labelKey: 'console:menu.dashboard',
    permission: ['ledger.read', 'orders.manage', 'finance.review'],
  },
  {
    path: 'approvals',
    labelKey: 'console:menu.approvals',
    permission: ['finance.review', 'orders.manage', 'loans.review'],
  },
  { path: 'catalog', labelKey: 'console:menu.catalog', permission: 'catalog.manage' },
  { path: 'users', labelKey: 'menu.users', permission: 'users.read' },
  { path: 'roles', labelKey: 'menu.roles', permission: 'roles.manage' },
  { path: 'staff', labelKey: 'menu.staff', permission: 'staff.manage' },
  { path: 'audit-log', labelKey: 'menu.audit', permission: 'audit.read' },
  { path: 'system-params', labelKey: 'menu.params', permission: 'settings.manage' },
  { path: 'jobs', labelKey: 'console:menu.jobs', permission: 'settings.manage' },
  { path: 'orders', labelKey: 'menu.orders', permission: 'orders.manage' },
  { path: 'finance-recharges', labelKey: 'menu.financeRecharges', permission: 'finance.review' },
  { path: 'finance-withdrawals', labelKey: 'menu.financeWithdrawals', permission: 'finance.review' },
  { path: 'finance-channels', labelKey: 'menu.financeChannels', permission: 'finance.settings' },
  { path: 'ledger', labelKey: 'menu.ledger', permission: 'ledger.read' },
  { path: 'mail-outbox', labelKey: 'menu.mailOutbox', permission: 'mail.read' },
  { path: 'coupon-campaigns', labelKey: 'menu.couponCampaigns', permission: 'marketing.manage' },
  { path: 'merchant-applications', labelKey: 'menu.merchantApplications', permission: 'merchants.review' },
  { path: 'stores', labelKey: 'menu.stores', permission: 'merchants.review' },
  { path: 'product-moderation', labelKey: 'menu.productModeration', permission: 'catalog.manage' },
  { path: 'kyc-review', labelKey: 'loans:admin.kycTitle', permission: 'kyc.review' },
  { path: 'loan-review', labelKey: 'loans:admin.loansTitle', permission: 'loans.review' },
  { path: 'loan-book', labelKey: 'loans:admin.bookTitle', permission: 'loans.review' },
  { path: 'loan-products', labelKey: 'loans:admin.productsTitle', permission: 'loans.review' },
  { path: 'security', labelKey: 'console:menu.security' },
] as const satisfies readonly TAdminPage[];

export type TAdminPagePath = (typeof PAGES)[number]['path'];

/** Admin console pages under /admin and the permission each needs (the menu shows only allowed ones). */
export const ADMIN_PAGES: readonly (TAdminPage & { path: TAdminPagePath })[] = PAGES;

export const ADMIN_ROUTE_PATHS = ['/admin', '/admin/login', ...ADMIN_PAGES.map((p) => `/admin/${p.path}`)];
