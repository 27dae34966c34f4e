import { cleanup } from '@testing-library/react';
import type { ComponentType } from 'react';
import { afterEach, beforeAll, describe, it, vi } from 'vitest';
import servicesEn from '../../../locales/en/services.json';
import { initTestI18n } from '../../../testing/i18n';
import { expectLoadErrorThenRetry, type TLoadErrorCase } from '../../../testing/load-error';
import CouponsPage from './coupons';
import SessionsPage from './sessions';

// Both pages show the server's own message for a failed load.
const PAGES: ({ name: string; Page: ComponentType } & TLoadErrorCase)[] = [
  {
    name: 'signed-in devices',
    Page: SessionsPage,
    path: '/api/v1/account/sessions',
    body: { list: [] },
    errorText: 'database is down',
    shown: servicesEn.sessions.empty,
  },
  {
    name: 'coupons',
    Page: CouponsPage,
    path: '/api/v1/coupons',
    body: { list: [] },
    errorText: 'database is down',
    shown: servicesEn.coupon.emptyList,
  },
];

describe.each(PAGES)('Account -> $name', ({ Page, ...loadCase }) => {
  beforeAll(async () => {
    await initTestI18n();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('says it could not load and loads again on "Try again"', async () => {
    await expectLoadErrorThenRetry(<Page />, loadCase);
  });
});
