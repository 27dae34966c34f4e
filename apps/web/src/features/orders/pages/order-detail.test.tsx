import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import ordersEn from '../../../locales/en/orders.json';
import { jsonResponse, renderWithQueries, setUpComponentTests } from '../../../testing/render';
import OrderDetailPage from './order-detail';

const renderAt = (url: string) => renderWithQueries(<OrderDetailPage />, url);

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
