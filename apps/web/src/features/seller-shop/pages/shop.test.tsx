import type { TShopSettings } from '@caravan/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import commonEn from '../../../locales/en/common.json';
import sellerEn from '../../../locales/en/seller.json';
import { jsonResponse, setUpComponentTests } from '../../../testing/render';
import ShopSettingsPage from './shop';

const SHOP: TShopSettings = {
  id: '7',
  name: 'Delta Ceramics',
  status: 'active',
  suspendedReason: null,
  lang: 'en',
  logo: null,
  banner: null,
  descriptions: { en: 'Tiles' },
  contactEmail: 'delta@example.com',
  contactPhone: '+4915112345678',
  shipFromCountry: 'DE',
  returnAddress: 'Hafenstrasse 1, Hamburg',
  lowStockThreshold: 5,
};

const isUnloadAsked = () => !window.dispatchEvent(new Event('beforeunload', { cancelable: true }));

describe('Seller -> shop settings', () => {
  setUpComponentTests({ seller: sellerEn });

  it('asks before unsaved edits are left through the menu or a reload, and keeps them on Stay', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(SHOP)),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const router = createMemoryRouter(
      [
        { path: '/seller/shop', element: <ShopSettingsPage /> },
        { path: '/seller/products', element: <p>Products list</p> },
      ],
      { initialEntries: ['/seller/shop'] },
    );
    await act(async () => {
      render(
        <QueryClientProvider client={client}>
          <RouterProvider router={router} />
        </QueryClientProvider>,
      );
    });
    const address = await screen.findByLabelText(sellerEn.shop.returnAddress, { selector: 'textarea' });
    // Nothing changed: leaving is not questioned.
    expect(isUnloadAsked()).toBe(false);
    await act(async () => fireEvent.change(address, { target: { value: 'Elbchaussee 2, Hamburg' } }));
    expect(isUnloadAsked()).toBe(true);
    await act(async () => void router.navigate('/seller/products'));
    await waitFor(() =>
      expect(screen.getByRole('dialog').textContent).toContain(commonEn.unsavedChanges.title),
    );
    await act(async () =>
      fireEvent.click(screen.getByRole('button', { name: commonEn.unsavedChanges.stay })),
    );
    expect(router.state.location.pathname).toBe('/seller/shop');
    expect(
      (screen.getByLabelText(sellerEn.shop.returnAddress, { selector: 'textarea' }) as HTMLTextAreaElement)
        .value,
    ).toBe('Elbchaussee 2, Hamburg');
    await act(async () => void router.navigate('/seller/products'));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: commonEn.unsavedChanges.discard })).toBeTruthy(),
    );
    await act(async () =>
      fireEvent.click(screen.getByRole('button', { name: commonEn.unsavedChanges.discard })),
    );
    await waitFor(() => expect(screen.getByText('Products list')).toBeTruthy());
  });
});
