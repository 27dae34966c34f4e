import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import chatEn from '../../../locales/en/chat.json';
import { jsonResponse, renderWithQueries, setUpComponentTests } from '../../../testing/render';
import { ProductCardPicker } from './product-card-picker';

describe('ProductCardPicker', () => {
  setUpComponentTests({ chat: chatEn });

  it('lets a shop pick among its own goods on the shelf, the only ones it may send', async () => {
    const fetchMock = vi.fn(async (_input: RequestInfo | URL) =>
      jsonResponse({
        pageList: [
          {
            id: '9',
            name: 'Linen apron',
            code: 'AP-1',
            image: null,
            categoryId: '3',
            price: '8.40',
            stock: 12,
            soldCount: 0,
            variantCount: 0,
            state: 'onShelf',
            takenDownReason: null,
            isLowStock: false,
            updatedAt: '2026-12-01T08:00:00.000Z',
          },
        ],
        pageNum: 1,
        pageSize: 8,
        total: 1,
        lowStockThreshold: 5,
        isTotalExact: true,
        nextCursor: null,
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const onPick = vi.fn();
    await renderWithQueries(<ProductCardPicker scope="seller" onPick={onPick} />);
    // Named by what it shows ("Product"; it was named "Send a product card"), the longer text its description.
    const opener = screen.getByRole('button', { name: chatEn.productPicker.short });
    expect(opener.getAttribute('title')).toBe(chatEn.productPicker.open);
    await act(async () => fireEvent.click(opener));
    const search = await screen.findByRole('searchbox', { name: chatEn.productPicker.search });
    fireEvent.change(search, { target: { value: 'apron' } });
    await act(async () => fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 }));
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Send Linen apron' })));
    expect(onPick).toHaveBeenCalledWith('9');
    const url = new URL(String(fetchMock.mock.calls[0]![0]), 'http://localhost');
    expect(url.pathname).toBe('/api/v1/seller/products');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ keyword: 'apron', state: 'onShelf' });
  });
});
