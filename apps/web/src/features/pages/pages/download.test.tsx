import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { api } from '../../../lib/api';
import accountEn from '../../../locales/en/account.json';
import { initTestI18n } from '../../../testing/i18n';
import DownloadPage from './download';

describe('/download', () => {
  beforeAll(async () => {
    await initTestI18n();
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('says how to get the apps, as the account page does: not published yet, or their links (QA)', async () => {
    vi.spyOn(api, 'get').mockResolvedValue({
      data: { app_download_buyer_url: '', app_download_seller_url: '' },
    });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={['/download']}>
          <DownloadPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    // The public page showed the two apps' cards with no link, no notice and no way to install.
    expect(await screen.findByText(accountEn.download.notPublished)).toBeTruthy();
    expect(document.querySelector('.cv-download--get')).not.toBeNull();
  });
});
