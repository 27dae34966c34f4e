import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import sellerEn from '../../../locales/en/seller.json';
import { jsonResponse, renderWithQueries, setUpComponentTests } from '../../../testing/render';
import ProductEditorPage from './product-editor';

const warning = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/toast', () => ({
  toast: { warning, error: vi.fn(), success: vi.fn(), info: vi.fn() },
  toastError: vi.fn(),
}));

describe('Seller -> product editor, attribute values', () => {
  setUpComponentTests({ seller: sellerEn });

  it('says so when a pasted list has more values than an attribute takes, and keeps the first ones', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) =>
        new URL(String(input), 'http://localhost').pathname === '/api/v1/seller/shop'
          ? jsonResponse({ lang: 'en' })
          : jsonResponse({ categories: [] }),
      ),
    );
    await renderWithQueries(<ProductEditorPage />);
    fireEvent.click(await screen.findByRole('button', { name: sellerEn.editor.addAttribute }));
    const values = screen.getByRole('combobox', { name: sellerEn.editor.attributeValues });
    const pasted = Array.from({ length: 31 }, (_, i) => `size-${i + 1}`).join(',');
    await act(async () => fireEvent.change(values, { target: { value: `${pasted},` } }));
    expect(warning).toHaveBeenCalledWith('At most 30 values per attribute: the rest were not added');
    expect(screen.getByText('size-30')).toBeTruthy();
    expect(screen.queryByText('size-31')).toBeNull();
  });
});
