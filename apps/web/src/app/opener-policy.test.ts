import { createMemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { leaveForIsolatedPages } from './opener-policy';

function Page() {
  return null;
}

function storefrontRouter() {
  const page = { Component: Page };
  const router = createMemoryRouter(
    [
      { path: '/index', ...page },
      { path: '/commodity', ...page },
      { path: '/productDetails', ...page },
      { path: '/help/:topic', ...page },
      { path: '/login', ...page },
      { path: '/settlement', ...page },
      { path: '/userInfo/*', ...page },
      { path: '/admin/*', ...page },
    ],
    { initialEntries: ['/index'] },
  );
  const leave = vi.fn();
  leaveForIsolatedPages(router, leave);
  return { router, leave };
}

describe('a storefront document without Cross-Origin-Opener-Policy', () => {
  it('leaves for the log-in, checkout, user centre and consoles with a new document', async () => {
    const { router, leave } = storefrontRouter();
    await router.navigate('/login?redirect=%2FuserInfo%2Fmy-order');
    await router.navigate({ pathname: '/userInfo/money-package/recharge', search: '?amount=10' });
    await router.navigate('/settlement', { replace: true });
    await router.navigate('/admin/login#top');
    expect(leave.mock.calls).toEqual([
      ['/login?redirect=%2FuserInfo%2Fmy-order', false],
      ['/userInfo/money-package/recharge?amount=10', false],
      ['/settlement', true],
      ['/admin/login#top', false],
    ]);
    // None of them was shown in this document.
    expect(router.state.location.pathname).toBe('/index');
  });

  it('goes on from storefront page to storefront page in the same document', async () => {
    const { router, leave } = storefrontRouter();
    await router.navigate('/commodity?c=12&sort=price');
    expect(router.state.location.pathname).toBe('/commodity');
    expect(router.state.location.search).toBe('?c=12&sort=price');
    await router.navigate({ pathname: '/productDetails', search: '?id=7' });
    await router.navigate('/help/shipping');
    expect(router.state.location.pathname).toBe('/help/shipping');
    await router.navigate(-1);
    expect(router.state.location.pathname).toBe('/productDetails');
    expect(leave).not.toHaveBeenCalled();
  });
});
