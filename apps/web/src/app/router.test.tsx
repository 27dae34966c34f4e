import { isValidElement } from 'react';
import { createMemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ADMIN_ROUTE_PATHS } from '../features/admin/paths';
import { CS_ROUTE_PATHS } from '../features/cs/paths';
import { SELLER_ROUTE_PATHS } from '../features/seller/paths';
import { RequireLogin } from './layout/require-login';
import { listRoutePaths, ROUTES } from './router';

/** Every route of SPEC §2 with its exact path. */
const SPEC_PATHS = [
  '/',
  '/index',
  '/classification',
  '/commodity',
  '/information',
  '/productDetails',
  '/login',
  '/register',
  '/store',
  '/searchStore',
  '/searchGoods',
  '/searchResult/:k',
  '/settlement',
  '/paySuccess',
  '/discounted',
  '/merchantSettled',
  '/credit',
  '/credit/application',
  '/credit/myLoan',
  '/userInfo',
  '/userInfo/dashboard',
  '/userInfo/my-order',
  '/userInfo/order-detail',
  '/userInfo/order-return',
  '/userInfo/order-evaluation',
  '/userInfo/download',
  '/userInfo/collect-goods',
  '/userInfo/collect-shop',
  '/userInfo/money-package',
  '/userInfo/money-package/recharge',
  '/userInfo/money-package/withdraw',
  '/userInfo/setup',
  '/userInfo/setup/login-password',
  '/userInfo/setup/transaction-password',
  '/userInfo/setup/shipping-address',
  '/userInfo/setup/account-cancellation',
  '/privacy-policy',
  '/return-policy',
  '/delivery',
  '/shipping-policy',
  '/about',
  '/help/:topic',
  '/forgot-password',
  '/download',
  '/seller/*',
  '/admin/*',
  '/cs/*',
];

describe('route table', () => {
  const paths = listRoutePaths(ROUTES);

  it('contains every SPEC §2 path', () => {
    const missing = SPEC_PATHS.filter((path) => !paths.includes(path));
    expect(missing).toEqual([]);
  });

  it('redirects / to /index and /userInfo to its dashboard, however often and fast it is asked', async () => {
    const router = createMemoryRouter(ROUTES, { initialEntries: ['/index'] });
    // Twice at once, as two late 401 answers once did: a <Navigate> element stayed mounted and left the page at "/".
    void router.navigate('/');
    await router.navigate('/');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/index'));
    await router.navigate('/userInfo');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/userInfo/dashboard'));
    router.dispose();
  });

  it('keeps cached list pages and turns caching off where SPEC §2 says so', () => {
    const handles = new Map<string, { isCached?: boolean; hasCartButton?: boolean }>();
    const walk = (routes: typeof ROUTES, parent: string) => {
      for (const r of routes) {
        const full = r.path ? `${parent.replace(/\/$/, '')}/${r.path}` : parent;
        if (r.path) {
          handles.set(full.replace(/^\/\//, '/'), (r.handle ?? {}) as { isCached?: boolean });
        }
        walk(r.children ?? [], full);
      }
    };
    walk(ROUTES, '');
    for (const path of [
      '/productDetails',
      '/searchStore',
      '/searchResult/:k',
      '/settlement',
      '/paySuccess',
      '/credit',
    ]) {
      expect(handles.get(path)?.isCached, path).toBeFalsy();
    }
    for (const path of ['/index', '/classification', '/commodity', '/discounted', '/userInfo/my-order']) {
      expect(handles.get(path)?.isCached, path).toBe(true);
    }
    const withCart = [...handles].filter(([, h]) => h.hasCartButton).map(([p]) => p);
    expect(withCart.sort()).toEqual(
      [
        '/index',
        '/classification',
        '/commodity',
        '/information',
        '/productDetails',
        '/store',
        '/discounted',
        '/userInfo/dashboard',
      ].sort(),
    );
  });

  it("sends visitors to log in first on every page with a buyer's own data", () => {
    const guarded = new Map<string, boolean>();
    const walk = (routes: typeof ROUTES, parent: string, isUnderGuard: boolean) => {
      for (const r of routes) {
        const full = r.path ? `${parent.replace(/\/$/, '')}/${r.path}`.replace(/^\/\//, '/') : parent;
        const isGuarded = isUnderGuard || (isValidElement(r.element) && r.element.type === RequireLogin);
        if (r.path) {
          guarded.set(full, isGuarded);
        }
        walk(r.children ?? [], full, isGuarded);
      }
    };
    walk(ROUTES, '', false);
    // Their first personal read would answer 401 and send the visitor home, whatever they had chosen.
    for (const path of ['/settlement', '/paySuccess', '/credit/application', '/credit/myLoan', '/userInfo']) {
      expect(guarded.get(path), path).toBe(true);
    }
    for (const path of ['/index', '/productDetails', '/credit', '/merchantSettled', '/login', '/download']) {
      expect(guarded.get(path), path).toBe(false);
    }
  });

  it('lists the console pages', () => {
    expect(ADMIN_ROUTE_PATHS).toEqual(
      expect.arrayContaining([
        '/admin/login',
        '/admin/users',
        '/admin/roles',
        '/admin/staff',
        '/admin/audit-log',
        '/admin/system-params',
      ]),
    );
    expect(SELLER_ROUTE_PATHS).toEqual(expect.arrayContaining(['/seller/login', '/seller/dashboard']));
    expect(CS_ROUTE_PATHS).toContain('/cs/login');
  });
});
