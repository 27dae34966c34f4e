import type { ComponentType } from 'react';
import { describe, it } from 'vitest';
import consoleEn from '../../../locales/en/console.json';
import { expectLoadErrorThenRetry } from '../../../testing/load-error';
import { setUpComponentTests } from '../../../testing/render';
import { ADMIN_STORE_FIXTURE, adminMerchantApplicationFixture } from '../test-fixtures';
import MerchantApplicationsPage from './applications';
import AdminStoresPage from './stores';

const STORE = ADMIN_STORE_FIXTURE;

const APPLICATION = adminMerchantApplicationFixture();

const PAGES: { name: string; Page: ComponentType; path: string; record: unknown; shown: string }[] = [
  {
    name: 'stores',
    Page: AdminStoresPage,
    path: '/api/v1/admin/stores',
    record: STORE,
    shown: 'Harbour Textiles',
  },
  {
    name: 'merchant applications',
    Page: MerchantApplicationsPage,
    path: '/api/v1/admin/merchant-applications',
    record: APPLICATION,
    shown: 'Delta Ceramics',
  },
];

describe.each(PAGES)('Console -> $name', ({ Page, path, record, shown }) => {
  setUpComponentTests({ console: consoleEn });

  it('says the list could not load and loads it again on "Try again"', async () => {
    await expectLoadErrorThenRetry(<Page />, {
      path,
      body: { pageList: [record], total: 1, pageNum: 1, pageSize: 20 },
      errorText: 'Something went wrong, please try again',
      shown,
    });
  });
});
