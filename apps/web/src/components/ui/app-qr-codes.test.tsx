import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { api } from '../../lib/api';
import { initTestI18n } from '../../testing/i18n';
import { AppQrCodes } from './app-qr-codes';

function renderWith(data: Record<string, string>) {
  const get = vi.spyOn(api, 'get').mockResolvedValue({ data });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AppQrCodes />
    </QueryClientProvider>,
  );
  return get;
}

describe('AppQrCodes', () => {
  beforeAll(async () => {
    await initTestI18n();
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('shows a QR code and the link of each app the platform publishes', async () => {
    const get = renderWith({
      app_download_buyer_url: 'https://apps.example.com/buyer',
      app_download_seller_url: 'https://apps.example.com/seller',
    });
    await waitFor(() => expect(screen.getByTestId('app-qr-seller')).toBeTruthy());
    expect(get).toHaveBeenCalledWith('/system-params', {
      query: { codes: 'app_download_buyer_url,app_download_seller_url' },
    });
    const buyer = screen.getByTestId('app-qr-buyer');
    expect(buyer.querySelector('svg title')?.textContent).toBe('QR code of the Buyer app download page');
    // The code is drawn: a QR code of a URL has many dark modules in its path.
    expect(buyer.querySelector('svg path:last-of-type')?.getAttribute('d')?.length).toBeGreaterThan(200);
    expect(buyer.querySelector('a')?.getAttribute('href')).toBe('https://apps.example.com/buyer');
    expect(screen.getByTestId('app-qr-seller').querySelector('a')?.getAttribute('href')).toBe(
      'https://apps.example.com/seller',
    );
  });

  it('offers only the published app, and says so when neither is', async () => {
    renderWith({ app_download_buyer_url: 'https://apps.example.com/buyer', app_download_seller_url: '' });
    await waitFor(() => expect(screen.getByTestId('app-qr-buyer')).toBeTruthy());
    expect(screen.queryByTestId('app-qr-seller')).toBeNull();
    cleanup();
    renderWith({ app_download_buyer_url: '', app_download_seller_url: '' });
    await waitFor(() => expect(screen.getByText(/phone apps are not published yet/)).toBeTruthy());
    expect(document.querySelector('svg')).toBeNull();
  });
});
