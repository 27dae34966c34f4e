import { HELP_TOPICS, POLICY_PAGES } from '@caravan/contracts/constants';
import { type ComponentType, lazy } from 'react';
import { type RouteObject, redirect } from 'react-router';
import { scopeWithAntd } from '../lib/antd-lazy';
import { preloadableLazy, type TPreloadableLazy } from '../lib/preloadable-lazy';
import { RequireLogin } from './layout/require-login';
import { RootShell } from './layout/root-shell';
import { RouteError } from './layout/route-error';
import { StoreLayout } from './layout/store-layout';
import type { TRouteHandle } from './route-handle';

type TPageLoader = () => Promise<{ default: ComponentType }>;
/** `preload` starts the chunk before hydrating; `moduleId` (added at build time) names its source for preloads. */
export type TPage = TPreloadableLazy & { moduleId?: string };

/**
 * Every page is its own lazy chunk, imported from features/<domain>/pages/<page>.tsx. A team replaces the file
 * behind its route; adding a route means adding one line here (see apps/web/README.md). The build fills in the
 * second argument (vite.config.ts, pageModuleIds) so the server can name the page's files in its HTML.
 */
const page = (loader: TPageLoader, moduleId?: string): TPage =>
  Object.assign(
    // A page module may export `preload` for the parts it loads lazily itself (home: its sections), so that a
    // server-rendered page hydrates whole, with none of its Suspense boundaries still waiting for code.
    preloadableLazy(() =>
      loader().then(async (module) => {
        const { preload } = module as { preload?: () => Promise<unknown> };
        await preload?.();
        return module;
      }),
    ),
    { moduleId },
  );

/**
 * A page that uses Ant Design: loaded with AntdScope around it. The public storefront pages (plain `page`) use
 * light own components instead, so their first load carries no Ant Design (docs/decisions.md, web vitals).
 */
const antdPage = (loader: TPageLoader): TPage => page(() => scopeWithAntd(loader()));

const PAGES = {
  home: page(() => import('../features/catalog/pages/home')),
  classification: page(() => import('../features/catalog/pages/classification')),
  commodity: page(() => import('../features/catalog/pages/commodity')),
  information: page(() => import('../features/catalog/pages/information')),
  productDetails: page(() => import('../features/catalog/pages/product-details')),
  store: page(() => import('../features/catalog/pages/store')),
  searchStore: page(() => import('../features/catalog/pages/search-store')),
  searchGoods: page(() => import('../features/catalog/pages/search-goods')),
  searchResult: page(() => import('../features/catalog/pages/search-result')),
  discounted: page(() => import('../features/catalog/pages/discounted')),
  merchantSettled: antdPage(() => import('../features/merchant/pages/merchant-settled')),
  collectGoods: antdPage(() => import('../features/catalog/pages/collect-goods')),
  collectShop: antdPage(() => import('../features/catalog/pages/collect-shop')),
  settlement: antdPage(() => import('../features/cart/pages/settlement')),
  paySuccess: antdPage(() => import('../features/cart/pages/pay-success')),
  myOrder: antdPage(() => import('../features/orders/pages/my-order')),
  orderDetail: antdPage(() => import('../features/orders/pages/order-detail')),
  orderReturn: antdPage(() => import('../features/orders/pages/order-return')),
  orderEvaluation: antdPage(() => import('../features/orders/pages/order-evaluation')),
  shippingAddress: antdPage(() => import('../features/addresses/pages/shipping-address')),
  moneyPackage: antdPage(() => import('../features/wallet/pages/money-package')),
  recharge: antdPage(() => import('../features/wallet/pages/recharge')),
  withdraw: antdPage(() => import('../features/wallet/pages/withdraw')),
  credit: antdPage(() => import('../features/loans/pages/credit')),
  creditApplication: antdPage(() => import('../features/loans/pages/credit-application')),
  myLoan: antdPage(() => import('../features/loans/pages/my-loan')),
  verification: antdPage(() => import('../features/loans/pages/verification')),
  login: antdPage(() => import('../features/auth/pages/login')),
  register: antdPage(() => import('../features/auth/pages/register')),
  forgotPassword: antdPage(() => import('../features/auth/pages/forgot-password')),
  dashboard: antdPage(() => import('../features/account/pages/dashboard')),
  userDownload: antdPage(() => import('../features/account/pages/user-download')),
  coupons: antdPage(() => import('../features/account/pages/coupons')),
  sessions: antdPage(() => import('../features/account/pages/sessions')),
  setupIndex: antdPage(() => import('../features/account/pages/setup-index')),
  loginPassword: antdPage(() => import('../features/account/pages/login-password')),
  transactionPassword: antdPage(() => import('../features/account/pages/transaction-password')),
  accountCancellation: antdPage(() => import('../features/account/pages/account-cancellation')),
  policy: page(() => import('../features/pages/pages/policy-page')),
  help: page(() => import('../features/pages/pages/help-page')),
  // No Ant Design: server-rendered with the public pages (a footer link), like them without its style engine.
  download: page(() => import('../features/pages/pages/download')),
  // Opened from subscription mails: public, server-rendered like the help pages, kept out of search indexes.
  subscriptionConfirm: page(() => import('../features/subscription/pages/subscription-confirm')),
  subscriptionUnsubscribe: page(() => import('../features/subscription/pages/subscription-unsubscribe')),
  notFound: page(() => import('../features/pages/pages/not-found')),
  userCenter: antdPage(() => import('./layout/user-center-layout')),
  notifications: antdPage(() => import('../features/chat/pages/notifications')),
} satisfies Record<string, TPage>;

type TAreaPages = typeof import('./console-pages');

/**
 * The consoles get the pages other features contribute to them (app/console-pages.ts) as props; that table is
 * loaded with the console, so the storefront's first load does not carry the consoles' page list.
 */
function consoleRoute<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  pickProps: (pages: TAreaPages) => P,
) {
  return lazy(() =>
    scopeWithAntd(
      Promise.all([load(), import('./console-pages')]).then(([module, pages]) => {
        const Console = module.default;
        const props = pickProps(pages);
        return { default: () => <Console {...props} /> };
      }),
    ),
  );
}

const SellerConsole = consoleRoute(
  () => import('../features/seller/console'),
  (pages) => ({ areaPages: pages.SELLER_AREA_PAGES, useMenuCounts: pages.useSellerMenuCountsSlot }),
);
const AdminConsole = consoleRoute(
  () => import('../features/admin/console'),
  (pages) => ({ areaPages: pages.ADMIN_AREA_PAGES }),
);
const CsConsole = consoleRoute(
  () => import('../features/cs/console'),
  (pages) => ({ areaPages: pages.CS_AREA_PAGES, useMenuCounts: pages.useCsMenuCountsSlot }),
);

/**
 * A page of the storefront or the user centre. Its own error element: a page that fails to render (or whose code
 * fails to load) says so inside the layout, which keeps the header, the footer and the user centre's menu; the
 * layout's own error element had replaced them all.
 */
function route(path: string, Page: TPage, handle: TRouteHandle = {}): RouteObject {
  return { path, element: <Page />, handle, errorElement: <RouteError /> };
}

/**
 * A storefront page with the buyer's own data (checkout, a payment, loans): a visitor logs in first and comes back
 * to it. Without the guard its first personal read answered 401 and the visitor was sent home, their choice lost
 * (an anonymous "Apply" on /credit ended on /index).
 */
function personalRoute(path: string, Page: TPage, handle: TRouteHandle = {}): RouteObject {
  return {
    path,
    element: (
      <RequireLogin>
        <Page />
      </RequireLogin>
    ),
    handle,
    errorElement: <RouteError />,
  };
}

const CACHED: TRouteHandle = { isCached: true };
const CACHED_WITH_CART: TRouteHandle = { isCached: true, hasCartButton: true };

export { HELP_TOPICS, POLICY_PAGES };

export const ROUTES: RouteObject[] = [
  {
    path: '/',
    element: <RootShell />,
    errorElement: <RouteError />,
    children: [
      // A loader, not a <Navigate> element: a second trip to "/" while one was still mounted left the page blank there.
      { index: true, loader: () => redirect('/index') },
      {
        element: <StoreLayout />,
        errorElement: <RouteError />,
        children: [
          route('index', PAGES.home, CACHED_WITH_CART),
          route('classification', PAGES.classification, CACHED_WITH_CART),
          route('commodity', PAGES.commodity, CACHED_WITH_CART),
          route('information', PAGES.information, CACHED_WITH_CART),
          route('productDetails', PAGES.productDetails, { hasCartButton: true }),
          route('store', PAGES.store, CACHED_WITH_CART),
          route('searchStore', PAGES.searchStore),
          route('searchGoods', PAGES.searchGoods, CACHED),
          route('searchResult/:k', PAGES.searchResult),
          personalRoute('settlement', PAGES.settlement),
          personalRoute('paySuccess', PAGES.paySuccess),
          route('discounted', PAGES.discounted, CACHED_WITH_CART),
          route('merchantSettled', PAGES.merchantSettled),
          route('credit', PAGES.credit),
          personalRoute('credit/application', PAGES.creditApplication),
          personalRoute('credit/myLoan', PAGES.myLoan),
          route('login', PAGES.login),
          route('register', PAGES.register),
          route('forgot-password', PAGES.forgotPassword),
          route('download', PAGES.download),
          ...POLICY_PAGES.map((name) => route(name, PAGES.policy, CACHED)),
          route('help/:topic', PAGES.help, CACHED),
          route('subscription/confirm', PAGES.subscriptionConfirm),
          route('subscription/unsubscribe', PAGES.subscriptionUnsubscribe),
          {
            path: 'userInfo',
            element: (
              <RequireLogin>
                <PAGES.userCenter />
              </RequireLogin>
            ),
            children: [
              { index: true, loader: () => redirect('/userInfo/dashboard') },
              route('dashboard', PAGES.dashboard, { hasCartButton: true }),
              route('my-order', PAGES.myOrder, CACHED),
              route('order-detail', PAGES.orderDetail),
              route('order-return', PAGES.orderReturn),
              route('order-evaluation', PAGES.orderEvaluation),
              route('download', PAGES.userDownload),
              route('coupons', PAGES.coupons),
              route('collect-goods', PAGES.collectGoods, CACHED),
              route('collect-shop', PAGES.collectShop, CACHED),
              route('money-package', PAGES.moneyPackage, CACHED),
              route('money-package/recharge', PAGES.recharge),
              route('money-package/withdraw', PAGES.withdraw),
              route('verification', PAGES.verification),
              route('setup', PAGES.setupIndex),
              route('setup/login-password', PAGES.loginPassword),
              route('setup/transaction-password', PAGES.transactionPassword),
              route('setup/shipping-address', PAGES.shippingAddress, CACHED),
              route('setup/account-cancellation', PAGES.accountCancellation),
              route('setup/sessions', PAGES.sessions),
              route('notifications', PAGES.notifications),
            ],
          },
          route('*', PAGES.notFound),
        ],
      },
      // Consoles: separate lazy chunks with their own layouts; the storefront never downloads them.
      { path: 'seller/*', element: <SellerConsole />, handle: {} },
      { path: 'admin/*', element: <AdminConsole />, handle: {} },
      { path: 'cs/*', element: <CsConsole />, handle: {} },
    ],
  },
];

/** Every full path of a route tree (for tests and docs). */
export function listRoutePaths(routes: RouteObject[], parent = ''): string[] {
  const paths: string[] = [];
  for (const item of routes) {
    const full = item.path
      ? `${parent.replace(/\/$/, '')}/${item.path.replace(/^\//, '')}`.replace(/^$/, '/')
      : parent || '/';
    if (item.path || item.index) {
      paths.push(full || '/');
    }
    if (item.children) {
      paths.push(...listRoutePaths(item.children, item.path ? full : parent));
    }
  }
  return [...new Set(paths)];
}
