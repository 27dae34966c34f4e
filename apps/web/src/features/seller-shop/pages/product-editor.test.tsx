import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import sellerEn from '../../../locales/en/seller.json';
import { jsonResponse, renderWithQueries, setUpComponentTests } from '../../../testing/render';
import ProductEditorPage from './product-editor';

describe('Seller -> product editor', () => {
  setUpComponentTests({ seller: sellerEn });

  it('offers to load again when the shop could not be read, instead of "Product not found"', async () => {
    let isDown = true;
    const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      if (path === '/api/v1/seller/shop' && isDown) {
        return jsonResponse({ error: { code: 'INTERNAL', message: 'database is down', details: {} } }, 503);
      }
      if (path === '/api/v1/seller/shop') {
        return jsonResponse({ lang: 'en' });
      }
      return jsonResponse({ categories: [] });
    });
    vi.stubGlobal('fetch', fetchMock);
    await renderWithQueries(<ProductEditorPage />);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('database is down'));
    expect(screen.queryByText(sellerEn.editor.notFound)).toBeNull();
    isDown = false;
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Try again' })));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy());
  });
});
