import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import commonEn from '../locales/en/common.json';
import { jsonResponse, setUpComponentTests } from '../testing/render';
import { ROUTES } from './router';

vi.mock('../features/pages/pages/policy-page', () => ({
  default: function FailingPolicyPage(): never {
    throw new TypeError("Cannot read properties of undefined (reading 'sections')");
  },
}));

describe('a storefront page that fails to render', () => {
  setUpComponentTests();

  it('says so inside the layout, which keeps its header and footer', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ code: 'UNAUTHENTICATED', message: 'Please log in' }, 401)),
    );
    const router = createMemoryRouter(ROUTES, { initialEntries: ['/about'] });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await act(async () => {
      render(
        <QueryClientProvider client={client}>
          <RouterProvider router={router} />
        </QueryClientProvider>,
      );
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(commonEn.errors.generic);
    // The layout's own error element had stood in for the whole storefront: no header, no footer, no search.
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('contentinfo')).toBeTruthy();
    expect(screen.getByRole('main').contains(alert)).toBe(true);
    router.dispose();
  });
});
