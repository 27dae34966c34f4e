import type { TAdminStore, TAdminStoresResponse } from '@caravan/contracts';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import consoleEn from '../../../locales/en/console.json';
import { initTestI18n } from '../../../testing/i18n';
import { jsonResponse, renderWithQueries } from '../../../testing/render';
import AdminStoresPage from './stores';

const STORE: TAdminStore = {
  id: '12',
  name: 'Harbour Textiles',
  ownerUsername: 'harbour',
  status: 'active',
  suspendedReason: null,
  goodsCount: 4,
  createdAt: '2026-11-20T08:00:00.000Z',
};

describe('Console -> stores', () => {
  beforeAll(async () => {
    await initTestI18n();
    i18next.addResourceBundle('en', 'console', consoleEn, true, true);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('says the list could not load and loads it again on "Try again"', async () => {
    let listCalls = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        if (new URL(String(input), 'http://localhost').pathname !== '/api/v1/admin/stores') {
          return jsonResponse({});
        }
        listCalls += 1;
        if (listCalls === 1) {
          return jsonResponse({ error: { code: 'INTERNAL_ERROR', message: 'database is down' } }, 500);
        }
        const page: TAdminStoresResponse = { pageList: [STORE], total: 1, pageNum: 1, pageSize: 20 };
        return jsonResponse(page);
      }),
    );
    await renderWithQueries(<AdminStoresPage />);
    await waitFor(() => expect(screen.getByText('Something went wrong, please try again')).toBeTruthy());
    expect(screen.queryByText('Harbour Textiles')).toBeNull();

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    });
    await waitFor(() => expect(screen.getByText('Harbour Textiles')).toBeTruthy());
    expect(screen.queryByText('Something went wrong, please try again')).toBeNull();
    expect(listCalls).toBe(2);
  });
});
