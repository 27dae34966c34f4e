import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import cart from '../../../locales/en/cart.json';
import { jsonResponse, setUpComponentTests } from '../../../testing/render';
import PaySuccessPage from './pay-success';

async function renderAt(url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () => {
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[url]}>
          <PaySuccessPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
  });
}

const heading = () => screen.getByRole('heading', { level: 1 }).textContent;

describe('/paySuccess', () => {
  setUpComponentTests({ cart });

  it('says in its heading that there is no payment when no order is named', async () => {
    await renderAt('/paySuccess');
    expect(heading()).toBe(cart.paySuccess.missing);
    expect(screen.queryByText(cart.paySuccess.title)).toBeNull();
  });

  it('says so too when the named orders cannot be read', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse({ error: { code: 'RECORD_NOT_FOUND', message: 'Not found', details: {} } }, 404),
      ),
    );
    await renderAt('/paySuccess?orderNos=20261129593252736055');
    await vi.waitFor(() => expect(heading()).toBe(cart.paySuccess.missing));
  });
});
