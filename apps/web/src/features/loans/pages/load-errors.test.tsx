import { cleanup } from '@testing-library/react';
import i18next from 'i18next';
import type { ComponentType } from 'react';
import { afterEach, beforeAll, describe, it, vi } from 'vitest';
import loansEn from '../../../locales/en/loans.json';
import { initTestI18n } from '../../../testing/i18n';
import { expectLoadErrorThenRetry, type TLoadErrorCase } from '../../../testing/load-error';
import CreditPage from './credit';
import MyLoanPage from './my-loan';
import VerificationPage from './verification';

const PAGES: ({ name: string; Page: ComponentType } & TLoadErrorCase)[] = [
  {
    name: 'loan products',
    Page: CreditPage,
    path: '/api/v1/loans/products',
    body: { products: [] },
    errorText: loansEn.loadError,
    shown: loansEn.credit.noProducts,
  },
  {
    name: 'my loans',
    Page: MyLoanPage,
    path: '/api/v1/loans/mine',
    body: { current: null, history: [], historyTotal: 0, pageNum: 1, pageSize: 10 },
    errorText: loansEn.loadError,
    shown: loansEn.myLoan.empty,
  },
  {
    name: 'identity verification',
    Page: VerificationPage,
    path: '/api/v1/verification',
    body: {
      realName: null,
      advanced: null,
      realNameStatus: 'not_submitted',
      advancedStatus: 'not_submitted',
    },
    errorText: loansEn.loadError,
    shown: loansEn.verify.needRealName,
  },
];

describe.each(PAGES)('Loans -> $name', ({ Page, ...loadCase }) => {
  beforeAll(async () => {
    await initTestI18n();
    i18next.addResourceBundle('en', 'loans', loansEn, true, true);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('says it could not load and loads again on "Try again"', async () => {
    await expectLoadErrorThenRetry(<Page />, loadCase);
  });
});
