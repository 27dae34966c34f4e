import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { lazy, type ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, setUpComponentTests } from '../../testing/render';
import { StoreLayout } from './store-layout';
import UserCenterLayout from './user-center-layout';

/** A page whose code never arrives, as on a slow line. */
const NeverLoadedPage = lazy(() => new Promise<never>(() => undefined));

async function renderLayout(layout: ReactElement, paths: { shown: string; loading: string }) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => jsonResponse({ code: 'UNAUTHENTICATED', message: 'Please log in' }, 401)),
  );
  const router = createMemoryRouter(
    [
      {
        element: layout,
        children: [
          { path: paths.shown, element: <h1>The last page</h1> },
          { path: paths.loading, element: <NeverLoadedPage /> },
        ],
      },
    ],
    { initialEntries: [paths.shown] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () => {
    render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
  });
  expect(screen.getByRole('heading', { name: 'The last page' })).toBeTruthy();
  // As a link does: the router navigates in a transition, in which React kept the last page on screen (its menu
  // entry or tab chosen) until the next page's code had loaded, 1-2 s on a slow line with nothing moving.
  await act(async () => {
    await router.navigate(paths.loading);
  });
}

describe("a layout's page while the next page's code loads", () => {
  setUpComponentTests();

  it('is the skeleton at once in the storefront', async () => {
    await renderLayout(<StoreLayout />, { shown: '/index', loading: '/discounted' });
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'The last page' })).toBeNull());
    expect(screen.getByRole('main').querySelector('[role="status"]')?.textContent).toContain('Loading');
  });

  it('is the skeleton at once in the user centre, the new entry chosen', async () => {
    await renderLayout(<UserCenterLayout />, { shown: '/userInfo/dashboard', loading: '/userInfo/coupons' });
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'The last page' })).toBeNull());
    expect(screen.getByRole('status').textContent).toContain('Loading');
    expect(screen.getByRole('menuitem', { name: 'Coupons' }).className).toContain('ant-menu-item-selected');
  });
});
