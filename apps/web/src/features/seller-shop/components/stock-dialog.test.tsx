import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import sellerEn from '../../../locales/en/seller.json';
import { jsonResponse, renderWithQueries, setUpComponentTests } from '../../../testing/render';
import { captureErrorToasts } from '../../../testing/toasts';
import { sellerProductRow } from '../test-fixtures';
import { StockDialog } from './stock-dialog';

const PRODUCT = sellerProductRow({ stock: 99_999_999 });

describe('Seller -> stock dialog', () => {
  setUpComponentTests({ seller: sellerEn });

  it('shows a stock past its maximum beside the change, once, and stays open', async () => {
    const toasts = captureErrorToasts();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(
          {
            error: {
              code: 'VALIDATION_FAILED',
              message: 'Stock can be at most 100,000,000',
              details: { fields: [{ field: 'delta', message: 'Stock can be at most 100,000,000' }] },
            },
          },
          400,
        ),
      ),
    );
    const onClose = vi.fn();
    await renderWithQueries(<StockDialog product={PRODUCT} onClose={onClose} />);
    fireEvent.change(await screen.findByLabelText(sellerEn.stock.delta), { target: { value: '5' } });
    fireEvent.change(screen.getByLabelText(sellerEn.stock.reason), { target: { value: 'Delivery' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));

    await waitFor(() =>
      expect(screen.getByLabelText(sellerEn.stock.delta).closest('.ant-form-item')?.textContent).toContain(
        'Stock can be at most 100,000,000',
      ),
    );
    expect(toasts).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('says only "required" of an empty change, not the range as well', async () => {
    const fetchMock = vi.fn(async () => jsonResponse({}));
    vi.stubGlobal('fetch', fetchMock);
    await renderWithQueries(<StockDialog product={PRODUCT} onClose={vi.fn()} />);
    fireEvent.change(await screen.findByLabelText(sellerEn.stock.reason), { target: { value: 'Delivery' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));

    const item = () => screen.getByLabelText(sellerEn.stock.delta).closest('.ant-form-item')!;
    await waitFor(() => expect(item().querySelectorAll('.ant-form-item-explain-error')).toHaveLength(1));
    expect(item().querySelector('.ant-form-item-explain-error')?.textContent).toMatch(/required/i);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('saves on Enter in the reason, as its Save does; Enter with a field missing says what is missing (QA)', async () => {
    const posts: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
        if (init?.method === 'POST') {
          posts.push(JSON.parse(String(init.body)));
        }
        return jsonResponse({ stock: 3 });
      }),
    );
    await renderWithQueries(<StockDialog product={sellerProductRow({ stock: 0 })} onClose={vi.fn()} />);
    const delta = await screen.findByLabelText(sellerEn.stock.delta);
    fireEvent.change(delta, { target: { value: '3' } });
    await act(async () => fireEvent.keyDown(delta, { key: 'Enter', code: 'Enter' }));
    const reasonItem = () => screen.getByLabelText(sellerEn.stock.reason).closest('.ant-form-item')!;
    await waitFor(() => expect(reasonItem().querySelector('.ant-form-item-explain-error')).not.toBeNull());
    expect(posts).toEqual([]);
    const reason = screen.getByLabelText(sellerEn.stock.reason);
    fireEvent.change(reason, { target: { value: 'Delivery' } });
    await act(async () => fireEvent.keyDown(reason, { key: 'Enter', code: 'Enter' }));
    await waitFor(() => expect(posts).toEqual([expect.objectContaining({ delta: 3, reason: 'Delivery' })]));
  });
});
