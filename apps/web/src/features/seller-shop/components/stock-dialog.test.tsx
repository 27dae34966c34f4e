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
});
