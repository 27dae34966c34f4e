import { cleanup } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactElement } from 'react';
import { afterEach, beforeAll, describe, it, vi } from 'vitest';
import commonEn from '../../../locales/en/common.json';
import walletEn from '../../../locales/en/wallet.json';
import { initTestI18n } from '../../../testing/i18n';
import { expectLoadErrorThenRetry, type TLoadErrorCase } from '../../../testing/load-error';
import { RechargeTable } from '../components/record-tables';
import MoneyPackagePage from './money-package';
import RechargePage from './recharge';
import WithdrawPage from './withdraw';

// Each of these showed something misleading when its load failed: no balance, "no payment method", the form to
// bind a new withdrawal address, "no recharges yet".
const CASES: ({ name: string; ui: ReactElement } & TLoadErrorCase)[] = [
  {
    name: 'balance',
    ui: <MoneyPackagePage />,
    path: '/api/v1/wallet',
    body: { currency: 'USDT', money: '12.50', available: '12.50', held: '0.00', hasUnfinished: false },
    errorText: commonEn.errors.generic,
    shown: walletEn.balance.available,
  },
  {
    name: 'recharge methods',
    ui: <RechargePage />,
    path: '/api/v1/wallet/channels',
    body: { channels: [] },
    errorText: commonEn.errors.generic,
    shown: walletEn.recharge.noMethods,
  },
  {
    name: 'withdrawal address',
    ui: <WithdrawPage />,
    path: '/api/v1/wallet/withdraw-address',
    body: { address: null },
    errorText: commonEn.errors.generic,
    shown: walletEn.withdraw.bindIntro,
  },
  {
    name: 'recharge records',
    ui: <RechargeTable pageNum={1} onPageChange={() => undefined} />,
    path: '/api/v1/wallet/recharges',
    body: { pageList: [], total: 0, pageNum: 1, pageSize: 8 },
    errorText: commonEn.errors.generic,
    shown: walletEn.records.emptyRecharges,
  },
];

describe.each(CASES)('Wallet -> $name', ({ ui, ...loadCase }) => {
  beforeAll(async () => {
    await initTestI18n();
    i18next.addResourceBundle('en', 'wallet', walletEn, true, true);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('says it could not load and loads again on "Try again"', async () => {
    await expectLoadErrorThenRetry(ui, loadCase);
  });
});
