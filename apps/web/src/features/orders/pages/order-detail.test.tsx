import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import ordersEn from '../../../locales/en/orders.json';
import { jsonResponse, setUpComponentTests } from '../../../testing/render';
import OrderDetailPage from './order-detail';

async function renderAt(url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () => {
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[url]}>
          <OrderDetailPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
  });
}

const failing = (status: number, message: string) =>
  vi.fn(async () => jsonResponse({ error: { code: 'X', message, details: {} } }, status));

describe('/userInfo/order-detail', () => {
  setUpComponentTests({ orders: ordersEn });

  it('calls an order missing only when the server says so', async () => {
    vi.stubGlobal('fetch', failing(404, 'Not found'));
    await renderAt('/userInfo/order-detail?orderNo=20261129593252736055');
    await waitFor(() => expect(screen.getByText(ordersEn.detail.missing)).toBeTruthy());
  });

  it('offers to ask again when the order could not be read for a fault', async () => {
    vi.stubGlobal('fetch', failing(503, 'database is down'));
    await renderAt('/userInfo/order-detail?orderNo=20261129593252736055');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('database is down'));
    expect(screen.queryByText(ordersEn.detail.missing)).toBeNull();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
